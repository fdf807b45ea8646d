"""Kniggits in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make, with its
blanks, and the Spanish sentence; the English labels of the option values."""

VALUES: dict[str, dict[str, str]] = {
    "terrain": {"village": "village", "forest": "forest", "open": "open ground"},
    "archer_defense": {"shots": "defends against shots", "never": "never defends"},
    "scenario": {"battle": "battle", "flag": "capture the flag", "princess": "rescue the princess",
                 "grail": "quest for the grail", "joust": "joust"},
    "disengage": {"direct": "straight away from the enemy", "away": "any line away from every enemy"},
    "measure": {"app": "the app's table", "table": "a real table"},
}

NAMES_ES: dict[str, str] = {"Red": "Rojo", "Blue": "Azul"}

ES: dict[str, str] = {
    "Kniggits": "Kniggits",
    "Rock-paper-scissors meets sword and shield: two armies of toy knights on a measured table; in every fight both "
    "sides show sword and shield at once, high, middle or low.":
        "Piedra, papel o tijera con espada y escudo: dos ejércitos de caballeros de juguete sobre una mesa medida; en "
        "cada combate los dos bandos muestran a la vez espada y escudo, alto, medio o bajo.",
    # options
    "Points": "Puntos",
    "Points for each army: a kniggit costs 5, a skill token 1. The seed suggests 50.":
        "Puntos de cada ejército: un kniggit cuesta 5 y una ficha de habilidad 1. Las reglas sugieren 50.",
    "Table": "Mesa",
    "Side of the square table in inches (the seed: at least 3 feet).":
        "Lado de la mesa cuadrada en pulgadas (las reglas: al menos 3 pies).",
    "Scale": "Escala",
    "Every distance of the rules times this: 0.5 for figures under an inch, 2 for big ones. Obstacles stand 2 inches "
    "times the scale apart, so a larger scale needs a larger table: at scale 2 a village needs 37 inches, a forest 69, "
    "open ground any.":
        "Cada distancia de las reglas multiplicada por esto: 0,5 para figuras de menos de una pulgada, 2 para las grandes. "
        "Los obstáculos quedan a 2 pulgadas por la escala unos de otros, así que una escala mayor pide una mesa mayor: "
        "a escala 2 un pueblo pide 37 pulgadas, un bosque 69 y el campo abierto cualquiera.",
    "Terrain": "Terreno",
    "Obstacles on the table: village, forest or open ground, each the same for both armies.":
        "Obstáculos en la mesa: pueblo, bosque o campo abierto, iguales para los dos ejércitos.",
    "village": "pueblo", "forest": "bosque", "open ground": "campo abierto",
    "Horses": "Caballos",
    "Advanced rule: a kniggit with 5 or more movement tokens rides a horse.":
        "Regla avanzada: un kniggit con 5 o más fichas de movimiento monta a caballo.",
    "Magic swords": "Espadas mágicas",
    "Advanced rule: a kniggit with 5 or more attack tokens attacks twice on its turn.":
        "Regla avanzada: un kniggit con 5 o más fichas de ataque ataca dos veces en su turno.",
    "Double defense": "Defensa doble",
    "Advanced rule: a kniggit with 5 or more defense tokens may guard with the sword hand too.":
        "Regla avanzada: un kniggit con 5 o más fichas de defensa puede cubrirse también con la mano de la espada.",
    "Two swords": "Dos espadas",
    "Advanced rule: a kniggit bought with no defense tokens and 5 or more attack tokens fights with two swords.":
        "Regla avanzada: un kniggit comprado sin fichas de defensa y con 5 o más de ataque pelea con dos espadas.",
    "Archers": "Arqueros",
    "Advanced rule: bows that shoot 2 inches for each defense token; no moving and shooting in one turn.":
        "Regla avanzada: arcos que disparan a 2 pulgadas por cada ficha de defensa; no se puede mover y disparar en el "
        "mismo turno.",
    "Archer defense": "Defensa de los arqueros",
    "When an archer may defend. shots (the seed's words): an archer shot at defends normally, and is defenseless only "
    "hand to hand. never: an archer never defends, not even against arrows.":
        # the values by the labels the lobby shows (VALUES below, in Spanish), never shots and never
        "Cuándo puede defenderse un arquero. Se defiende de los disparos (lo que dicen las reglas): un arquero al que "
        "disparan se defiende con normalidad y solo está indefenso cuerpo a cuerpo. Nunca se defiende: un arquero no "
        "se defiende nunca, ni siquiera contra flechas.",
    "defends against shots": "se defiende de los disparos", "never defends": "nunca se defiende",
    "Potions": "Pociones",
    "Advanced rule: magic potions on the table, each 5 more tokens of one colour.":
        "Regla avanzada: pociones mágicas en la mesa, cada una 5 fichas más de un color.",
    "Scenario": "Escenario",
    "What wins: battle (rout the enemy army), flag (capture the flag), princess (rescue the princess), grail (quest "
    "for the grail) or joust (one horseman each).":
        "Qué da la victoria: batalla (derrotar al ejército enemigo), bandera (capturar la bandera), princesa (rescatar "
        "a la princesa), grial (buscar el grial) o justa (un jinete por bando).",
    "battle": "batalla", "capture the flag": "capturar la bandera", "rescue the princess": "rescatar a la princesa",
    "quest for the grail": "buscar el grial", "joust": "justa",
    "Disengage": "Retirada",
    "Leaving combat: direct (straight away from a single enemy) or away (any straight line that takes the kniggit "
    "further from every enemy).":
        # the values by the labels the lobby shows, never direct and away
        "Salir del combate. En línea recta lejos del enemigo: con un solo enemigo, alejarse de él en línea recta. "
        "Cualquier línea que se aleje de todos los enemigos: vale cualquier línea recta que aleje al kniggit de todos "
        "ellos.",
    "straight away from the enemy": "en línea recta lejos del enemigo",
    "any line away from every enemy": "cualquier línea que se aleje de todos los enemigos",
    "Turn limit": "Límite de turnos",
    "Turns (both players together) before the game is scored; 0 for none.":
        "Turnos (de los dos jugadores juntos) antes de puntuar la partida; 0 para ninguno.",
    "Fight timer": "Reloj de combate",
    "Seconds a fight's hands may take in live play on the server; a hand not chosen in time does nothing. 0 for no timer.":
        "Segundos que pueden tardar las manos de un combate en una partida en directo en el servidor; una mano no "
        "elegida a tiempo no hace nada. 0 para no tener reloj.",
    # the table and the phases
    "Army": "Ejército", "Movement tokens": "Fichas de movimiento", "Attack tokens": "Fichas de ataque",
    "Defense tokens": "Fichas de defensa", "Fighting": "En combate", "Fleeing": "Huyendo", "Gone": "Fuera",
    "draw": "empate", "over": "terminada",
    "Before the battle: {what}": "Antes de la batalla: {what}",
    "choosing armies": "se eligen los ejércitos", "rock-paper-scissors for who goes first": "piedra, papel o tijera para ver quién empieza",
    "moving": "movimiento", "turning": "giro", "fighting": "combate",
    "Turn {n}: {who} on turn, {what}": "Turno {n}: turno de {who}, {what}",
    "turn {n}: {text}": "turno {n}: {text}",
    "Turn limit: {who} {n} tokens, {who2} {m} tokens": "Límite de turnos: {who} {n} fichas, {who2} {m} fichas",
    "turn limit: {who} {n} tokens, {who2} {m} tokens": "límite de turnos: {who} {n} fichas, {who2} {m} fichas",
    "every kniggit of {who} is fleeing or gone": "todos los kniggits de {who} huyen o están fuera",
    # prompts
    "Choose and place your army (the other player sees it only when both are in)":
        "Elige y coloca tu ejército (el otro jugador solo lo ve cuando los dos estén)",
    "Rock, paper or scissors for who goes first?": "¿Piedra, papel o tijera para ver quién empieza?",
    "{who}: move your kniggits, then end the moving phase": "{who}: mueve tus kniggits y luego termina la fase de movimiento",
    "{who}: turn your kniggits in combat to face an attacker, then say you are done":
        "{who}: gira tus kniggits en combate para encarar a un atacante y luego di que has terminado",
    "{who}'s {kid} attacks {whom}: show sword and shield": "{kid} de {who} ataca a {whom}: muestra espada y escudo",
    "{who}'s archer {kid} shoots at {whom}: show your hands": "el arquero {kid} de {who} dispara a {whom}: muestra tus manos",
    "{who}'s {kid} strikes {whom} again with a magic sword: show your hands":
        "{kid} de {who} vuelve a golpear a {whom} con una espada mágica: muestra tus manos",
    "{who} turns now": "ahora gira {who}",
    # decisions
    "{who} shows {move}": "{who} muestra {move}",
    "{who} shows {hands} ({kid} against {whom})": "{who} muestra {hands} ({kid} contra {whom})",
    "{who} takes {army}": "{who} toma {army}",
    "the ready-made balanced army": "el ejército equilibrado ya hecho",
    "the ready-made heavy army (two strong kniggits)": "el ejército pesado ya hecho (dos kniggits fuertes)",
    "the ready-made horde (many small kniggits)": "la horda ya hecha (muchos kniggits pequeños)",
    "the ready-made army with archers": "el ejército con arqueros ya hecho",
    "the ready-made cavalry (kniggits on horseback)": "la caballería ya hecha (kniggits a caballo)",
    "the ready-made duelists (two swords each)": "los duelistas ya hechos (dos espadas cada uno)",
    "the ready-made jouster (one kniggit on horseback)": "el justador ya hecho (un kniggit a caballo)",
    "{who} aims archer {kid} at {whom}": "{who} apunta con el arquero {kid} a {whom}",
    "{who} ends the moving phase": "{who} termina la fase de movimiento",
    "{who} is done turning": "{who} ha terminado de girar",
    "{who} moves {kid}": "{who} mueve {kid}",
    "{who} turns {kid} to face {whom}": "{who} gira {kid} para encarar a {whom}",
    "{who} makes a decision the rules do not know": "{who} toma una decisión que las reglas no conocen",
    "{who} picks up {thing} with {kid}'s {hand} hand": "{who} coge {thing} con la mano de {hand} de {kid}",
    "{who} puts down {thing} that {kid} carries": "{who} deja {thing} que lleva {kid}",
    "{who} sends {kid}'s second magic-sword attack at {whom}": "{who} lanza el segundo ataque de espada mágica de {kid} contra {whom}",
    "{who} wins rock-paper-scissors and goes first": "{who} gana a piedra, papel o tijera y empieza",
    # hands
    "{a} and {b}": "{a} y {b}",
    "sword {h}": "espada {h}", "bow {h}": "arco {h}", "shield {h}": "escudo {h}", "defense {h}": "defensa {h}",
    "second sword {h}": "segunda espada {h}", "sword guarding {h}": "espada cubriendo {h}",
    "no sword": "sin espada", "no bow": "sin arco", "no shield": "sin escudo", "no defense": "sin defensa",
    "no second sword": "sin segunda espada",
    "high": "alto", "middle": "medio", "low": "bajo", "nothing": "nada",
    "rock": "piedra", "paper": "papel", "scissors": "tijera",
    "sword": "espada", "shield": "escudo",
    # what happened
    "{kid} moves {n} in to ({x}, {y})": "{kid} se mueve {n} pulg hasta ({x}, {y})",
    "{text}, stops {n} in from {kid}: in combat": "{text}, se detiene a {n} pulg de {kid}: en combate",
    "{kid} attacks {whom}: {who} shows {a}, {who2} shows {b}": "{kid} ataca a {whom}: {who} muestra {a}, {who2} muestra {b}",
    "{kid} shoots at {whom}: {who} shows {a}, {who2} shows {b}": "{kid} dispara a {whom}: {who} muestra {a}, {who2} muestra {b}",
    "{kid} strikes {whom} again: {who} shows {a}, {who2} shows {b}": "{kid} vuelve a golpear a {whom}: {who} muestra {a}, {who2} muestra {b}",
    "{kid} loses nothing": "{kid} no pierde nada",
    "{kid} loses {what}": "{kid} pierde {what}",
    "a movement token": "una ficha de movimiento", "an attack token": "una ficha de ataque", "a defense token": "una ficha de defensa",
    "{kid} drinks a potion: {n} more {what} tokens": "{kid} bebe una poción: {n} fichas más de {what}",
    "movement": "movimiento", "attack": "ataque", "defense": "defensa",
    "{kid} has no movement token and runs away in terror": "{kid} no tiene fichas de movimiento y huye aterrado",
    "{kid} has not a token of each colour and runs away in terror": "{kid} no tiene una ficha de cada color y huye aterrado",
    "{kid} is scared and flees toward {who}'s edge": "{kid} se asusta y huye hacia el borde de {who}",
    "{kid} flees off the table and leaves the game": "{kid} huye fuera de la mesa y deja la partida",
    "{kid} flees to ({x}, {y})": "{kid} huye hasta ({x}, {y})",
    "{kid} is fleeing but cannot get away": "{kid} huye pero no puede escapar",
    "{kid} is unhorsed": "{kid} cae del caballo",
    "{kid} puts down {thing}": "{kid} deja {thing}",
    "{kid} brings {thing} to {who}'s edge": "{kid} lleva {thing} al borde de {who}",
    "{kid} returns {who}'s flag to its base": "{kid} devuelve la bandera de {who} a su base",
    "{who}'s flag": "la bandera de {who}", "a flag": "una bandera", "the princess": "la princesa", "the grail": "el grial",
    "a potion of {what}": "una poción de {what}", "something": "algo",
    # odds of a fight's hands
    "{n} tokens worse than the best: against the best mix of replies you lose {m} tokens and knock down {k} on average":
        "{n} fichas peor que lo mejor: contra la mejor mezcla de respuestas pierdes {m} fichas y derribas {k} de media",
    "a best choice: against the best mix of replies you lose {n} tokens and knock down {m} on average":
        "una elección óptima: contra la mejor mezcla de respuestas pierdes {n} fichas y derribas {m} de media",
    "Fight": "Combate", "Move": "Mover", "Face": "Encarar", "Shoot": "Disparar",
    "kniggit": "kniggit",
    # refusals (IllegalAction): choosing armies (a ready-made army the player asked for by its name in
    # Spanish, below; {armies}, what may be typed: each code kept, its Spanish name beside it, PRESET_CODES_ES)
    "the ready-made {army} army is not available with these options; ready-made armies: {armies}":
        "el ejército ya hecho {army} no está disponible con estas opciones; ejércitos ya hechos: {armies}",
    "an army needs at least one kniggit": "un ejército necesita al menos un kniggit",
    "kniggit {n} of the army is not written right: give its movement, attack and defense tokens, whether it is an "
    "archer, and where its head stands; or take a ready-made army ({armies})":
        "el kniggit {n} del ejército no está bien escrito: da sus fichas de movimiento, ataque y defensa, si es "
        "arquero y dónde está su cabeza; o toma uno de los ejércitos ya hechos: {armies}",
    "kniggit {n} of the army has no proper position on the table":
        "el kniggit {n} del ejército no tiene una posición válida en la mesa",
    "archers need the advanced rule Archers": "los arqueros necesitan la regla avanzada Arqueros",
    "the army costs {n} points ({m} a kniggit, {k} a token); the total is {x}":
        "el ejército cuesta {n} puntos ({m} cada kniggit, {k} cada ficha); el total es {x}",
    "jousting: the army is one kniggit on horseback ({n} or more movement tokens)":
        "justa: el ejército es un solo kniggit a caballo ({n} o más fichas de movimiento)",
    "kniggit {n} at ({x}, {y}) is not within {m} in of its own edge (y = {k})":
        "el kniggit {n} en ({x}, {y}) no está a {m} pulg o menos de su propio borde (y = {k})",
    "kniggit {n} at ({x}, {y}) stands inside an obstacle": "el kniggit {n} en ({x}, {y}) está dentro de un obstáculo",
    "kniggits {n} and {m} stand closer than {k} in": "los kniggits {n} y {m} están a menos de {k} pulg",
    "{who} has already chosen an army": "{who} ya ha elegido ejército",
    "choose an army first: a ready-made one ({armies}) or one written kniggit by kniggit":
        "primero elige un ejército: uno escrito kniggit a kniggit o uno ya hecho: {armies}",
    # refusals: rock-paper-scissors, whose turn, the phases
    "{who} has already chosen in this round of rock-paper-scissors":
        "{who} ya ha elegido en esta ronda de piedra, papel o tijera",
    "that is not legal now: choose rock, paper or scissors for who goes first":
        "eso no vale ahora: elige piedra, papel o tijera para ver quién empieza",
    "it is {who}'s turn": "es el turno de {who}",
    "that is not legal while turning: turn a kniggit in combat to face one of its attackers, or say you are done "
    "turning":
        "eso no vale mientras se gira: gira un kniggit en combate para encarar a uno de sus atacantes, o di que has "
        "terminado de girar",
    "the game is over": "la partida ha terminado",
    "that is not a decision of the moving phase: move a kniggit, turn one in combat to face an enemy, aim an archer, "
    "pick up or put down what a kniggit carries, or end the moving phase":
        "esa no es una decisión de la fase de movimiento: mueve un kniggit, gira uno en combate para encarar a un "
        "enemigo, apunta con un arquero, coge o deja lo que lleva un kniggit, o termina la fase de movimiento",
    # refusals: moving and facing
    "a move names one of your kniggits and the points it goes through, each with two numbers":
        "un movimiento nombra uno de tus kniggits y los puntos por los que pasa, cada uno con dos números",
    "the points of a move must be numbers of inches": "los puntos de un movimiento deben ser números de pulgadas",
    "{kid} is not one of {who}'s kniggits": "{kid} no es uno de los kniggits de {who}",
    "{kid} is fleeing and takes no orders": "{kid} huye y no obedece órdenes",
    "{kid} is gone and takes no orders": "{kid} está fuera y no obedece órdenes",
    "turning names one of your kniggits and the enemy it is to face":
        "un giro nombra uno de tus kniggits y el enemigo al que debe encarar",
    "{kid} is not an enemy on the table": "{kid} no es un enemigo sobre la mesa",
    "{kid} is not an enemy within {n} in of {kid2}": "{kid} no es un enemigo a {n} pulg o menos de {kid2}",
    "{kid} is not within {n} in of {kid2}": "{kid} no está a {n} pulg o menos de {kid2}",
    "{kid} has no magic sword": "{kid} no tiene espada mágica",
    "a move has 1 to {n} points": "un movimiento tiene de 1 a {n} puntos",
    "({x}, {y}) is off the {n} in table": "({x}, {y}) está fuera de la mesa de {n} pulg",
    "the move is {n} in; {kid} may move {m} in": "el movimiento mide {n} pulg; {kid} puede moverse {m} pulg",
    "the line ({x}, {y}) to ({x2}, {y2}) crosses an obstacle":
        "la línea de ({x}, {y}) a ({x2}, {y2}) atraviesa un obstáculo",
    "{kid} would end on top of {kid2} (closer than {n} in)":
        "{kid} acabaría encima de {kid2} (a menos de {n} pulg)",
    "{kid} starts in combat and may only move straight away (one segment)":
        "{kid} empieza en combate y solo puede alejarse en línea recta (un solo tramo)",
    "{kid} starts in combat with {kid2} and may only move further away from {kid3}":
        "{kid} empieza en combate con {kid2} y solo puede alejarse más de {kid3}",
    "{kid} starts in combat with {kid2} and may only move further away from {kid3} and {kid4}":
        "{kid} empieza en combate con {kid2} y solo puede alejarse más de {kid3} y {kid4}",
    "{kid} starts in combat with {kid2} and may only move further away from {kid3} and {kid4} and {kid5}":
        "{kid} empieza en combate con {kid2} y solo puede alejarse más de {kid3}, {kid4} y {kid5}",
    "{kid} may only move directly away from {kid2} (within {n} degrees)":
        "{kid} solo puede alejarse directamente de {kid2} (con un margen de {n} grados)",
    "{kid} has already moved this turn": "{kid} ya se ha movido este turno",
    "{kid} is shooting this turn and may not move: an archer may not move and shoot in the same turn":
        "{kid} dispara este turno y no puede moverse: un arquero no puede moverse y disparar en el mismo turno",
    # refusals: carrying
    "{kid} carries nothing": "{kid} no lleva nada",
    "{kid} cannot pick up {thing}": "{kid} no puede coger {thing}",
    "{kid} already carries {thing}": "{kid} ya lleva {thing}",
    "that": "eso",
    "carry with the sword hand or the shield hand": "lleva las cosas con la mano de la espada o con la del escudo",
    "{thing} is {n} in from {kid}; reach it within {m} in": "{thing} está a {n} pulg de {kid}; hay que estar a {m} pulg o menos",
    # refusals: shooting
    "{kid} is not an archer": "{kid} no es un arquero",
    "{kid} cannot shoot (fleeing, no attack tokens, or a hand is carrying)":
        "{kid} no puede disparar (huye, no tiene fichas de ataque o lleva algo en una mano)",
    "{kid} has moved this turn and may not shoot: an archer may not move and shoot in the same turn":
        "{kid} se ha movido este turno y no puede disparar: un arquero no puede moverse y disparar en el mismo turno",
    "{kid} is {n} in away; {kid2}'s range is {m} in": "{kid} está a {n} pulg; el alcance de {kid2} es de {m} pulg",
    "no clear line from {kid} to {kid2}": "no hay línea despejada de {kid} a {kid2}",
    # on a real table (rule 40)
    "Measured on": "Medido en",
    "Where distances are measured. app: brawl's own table, moves to points in inches. table: a real table with toy "
    "knights; the players measure and tell brawl what happened (which kniggit reached which enemy, which left combat "
    "or the table) and brawl keeps the tokens, turns and fights.":
        "Dónde se miden las distancias. La mesa de la aplicación: la mesa propia de brawl, movimientos hasta puntos en "
        "pulgadas. Una mesa de verdad: caballeros de juguete sobre una mesa; los jugadores miden y le dicen a brawl qué "
        "pasó (qué kniggit alcanzó a qué enemigo, cuál salió del combate o de la mesa) y brawl lleva las fichas, los "
        "turnos y los combates.",
    "the app's table": "la mesa de la aplicación", "a real table": "una mesa de verdad",
    "{who}: {kid} reached {whom} (within {n} in: in combat)": "{who}: {kid} alcanzó a {whom} (a {n} pulg o menos: en combate)",
    "{who}: {kid} moved, no enemy within {n} in": "{who}: {kid} se movió, sin enemigos a {n} pulg o menos",
    "{who}: {kid} moved directly away, out of combat": "{who}: {kid} se alejó en línea recta, fuera de combate",
    "{who}: {kid} ran off the table": "{who}: {kid} salió de la mesa",
    "{kid} reaches {whom}: in combat": "{kid} alcanza a {whom}: en combate",
    "{kid} moves and stays out of combat": "{kid} se mueve y sigue fuera de combate",
    "{kid} moves away from {whom} and leaves combat": "{kid} se aleja de {whom} y sale del combate",
    "{kid} runs for {who}'s edge, {n} in (say when it leaves the table)":
        "{kid} corre hacia el borde de {who}, {n} pulg (di cuándo sale de la mesa)",
    "{kid} is fleeing but in combat with {whom}: say it left combat if it runs straight out, or it stays":
        "{kid} huye pero está en combate con {whom}: di que salió del combate si escapa en línea recta, o se queda",
    "{kid} left combat with {whom} this turn, moving directly away from it":
        "{kid} salió del combate con {whom} este turno, alejándose en línea recta de él",
    "{kid} is not fleeing: only a fleeing kniggit runs off the table":
        "{kid} no huye: solo un kniggit que huye sale de la mesa",
    "name one of your kniggits": "nombra uno de tus kniggits",
    "{kid} is shooting this turn and may not move: an archer may not move and shoot in the same turn":
        "{kid} dispara este turno y no puede moverse: un arquero no puede moverse y disparar en el mismo turno",
    "{kid} is already in combat with {whom}": "{kid} ya está en combate con {whom}",
    "{kid} starts in combat with {whom} and may only move directly away (leave combat)":
        "{kid} empieza en combate con {whom} y solo puede alejarse en línea recta (salir del combate)",
    "{kid} starts in combat and may only move directly away (leave combat)":
        "{kid} empieza en combate y solo puede alejarse en línea recta (salir del combate)",
    "{kid} is not in combat": "{kid} no está en combate",
    "that is not a decision of the moving phase on a real table: say which enemy a kniggit reached, that it moved, "
    "that it left combat, or end the moving phase":
        "esa no es una decisión de la fase de movimiento en una mesa de verdad: di a qué enemigo alcanzó un kniggit, "
        "que se movió, que salió del combate, o termina la fase de movimiento",
    "on a real table the players measure: say which enemy a kniggit reached, that it moved, or that it left combat":
        "en una mesa de verdad miden los jugadores: di a qué enemigo alcanzó un kniggit, que se movió o que salió del "
        "combate",
    "on a real table every seat is a person: the players move the toy knights and say what happened, which a "
    "computer player cannot do":
        "en una mesa de verdad cada asiento es una persona: los jugadores mueven los caballeros de juguete y dicen qué "
        "pasó, y eso no lo puede hacer el ordenador",
    # refusals: fights
    "only a fight's hands have a timer": "solo las manos de un combate tienen reloj",
    "{who} has already chosen in this fight": "{who} ya ha elegido en este combate",
    "that is not a gesture {who} may show in the fight of {kid} against {kid2}; {what}":
        "ese no es un gesto que {who} pueda mostrar en el combate de {kid} contra {kid2}; {what}",
    "{who} has nothing to show in this fight": "{who} no tiene nada que mostrar en este combate",
    "choose {what}": "elige {what}",
    "{a}; and {b}": "{a}; y {b}",
    "{a} or {b}": "{a} o {b}",
}

# The ready-made armies by the codes a player types (army:<code>, :data:`.army.PRESETS`): where a refusal
# lists what may be typed, each code stays and its Spanish name goes beside it ("horde (horda)");
# where one names the army asked for, the army's Spanish name (PRESET_REFUSED_ES)
PRESET_CODES_ES: dict[str, str] = {
    "balanced": "equilibrado", "heavy": "pesado", "horde": "horda", "archers": "con arqueros",
    "cavalry": "caballería", "duelists": "duelistas", "jouster": "justador",
}
PRESET_REFUSED_ES: dict[str, str] = {
    "balanced": "el ejército equilibrado ya hecho no está disponible",
    "heavy": "el ejército pesado ya hecho no está disponible",
    "horde": "la horda ya hecha no está disponible",
    "archers": "el ejército con arqueros ya hecho no está disponible",
    "cavalry": "la caballería ya hecha no está disponible",
    "duelists": "los duelistas ya hechos no están disponibles",
    "jouster": "el justador ya hecho no está disponible",
}
ES.update({code: f"{code} ({name})" for code, name in PRESET_CODES_ES.items()})
ES.update({f"the ready-made {code} army is not available with these options; ready-made armies: {{armies}}":
           f"{refused} con estas opciones; ejércitos ya hechos: {{armies}}" for code, refused in PRESET_REFUSED_ES.items()})
