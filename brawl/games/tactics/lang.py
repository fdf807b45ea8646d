"""Tactics in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make, with its
blanks, and the Spanish sentence; the party names worth translating; the English labels of the
option values."""

VALUES: dict[str, dict[str, str]] = {
    "party1": {"heroes": "Heroes", "raiders": "Raiders", "wardens": "Wardens", "steve": "Steve", "jeff": "Jeff", "duo": "Duo"},
    "party2": {"heroes": "Heroes", "raiders": "Raiders", "wardens": "Wardens", "steve": "Steve", "jeff": "Jeff", "duo": "Duo"},
    "map": {"arena": "open arena", "pillars": "hall of pillars", "bridge": "narrow bridge"},
    "two_weapon_penalty": {"wielding": "on every attack while wielding two", "both_attacks": "only when attacking with both"},
    "prone_damage": {"all": "every weapon", "melee": "melee attacks only"},
    "surprise_round": {"none": "no surprise", "first": "the first side surprises", "second": "the second side surprises"},
}

NAMES_ES: dict[str, str] = {"Heroes": "Héroes", "Raiders": "Saqueadores", "Wardens": "Guardianes", "Duo": "Dúo",
                            "Custom": "Personalizado",
                            # the ready characters: names, kept as they are
                            **{n: n for n in ("Ada", "Brok", "Mara", "Hild", "Orla", "Tam", "Nim", "Vex", "Steve", "Jeff")}}

ES: dict[str, str] = {
    "Tactics": "Tácticas",
    "Two parties of d20 characters fight on a grid of five-foot squares: move, strike, shoot and cast spells, with "
    "attacks of opportunity, flanking and saves; the side left standing wins.":
        "Dos grupos de personajes d20 luchan en una cuadrícula de casillas de cinco pies: mueven, golpean, disparan y "
        "lanzan conjuros, con ataques de oportunidad, flanqueos y tiradas de salvación; gana el bando que quede en pie.",
    # options
    "First party": "Primer grupo", "Second party": "Segundo grupo",
    "The first side's ready-made party.": "El grupo ya hecho del primer bando.",
    "The second side's ready-made party.": "El grupo ya hecho del segundo bando.",
    "Heroes": "Héroes", "Raiders": "Saqueadores", "Wardens": "Guardianes", "Steve": "Steve", "Jeff": "Jeff", "Duo": "Dúo",
    "Map": "Mapa", "The battlefield: an open arena, a hall of pillars or a narrow bridge.":
        "El campo de batalla: una arena abierta, una sala de columnas o un puente estrecho.",
    "open arena": "arena abierta", "hall of pillars": "sala de columnas", "narrow bridge": "puente estrecho",
    "Level": "Nivel", "The level of every character (1 to 20).": "El nivel de todos los personajes (de 1 a 20).",
    "Rounds after which a battle still going is called a draw.": "Rondas tras las que una batalla que sigue se da por empate.",
    "Flat-footed until first turn": "Desprevenido hasta su primer turno",
    "A character loses its Dexterity bonus to armor class until its first turn of the battle.":
        "Un personaje pierde su bonificador de Destreza a la clase de armadura hasta su primer turno de la batalla.",
    "Custom first party": "Primer grupo a medida",
    "The first side's own party instead of a ready one: ready characters and classes separated by commas, a class "
    "optionally named (steve,rogue,cleric=Ida).":
        "Un grupo propio del primer bando en vez de uno ya hecho: personajes ya hechos y clases separados por comas, "
        "una clase con nombre si se quiere (steve,rogue,cleric=Ida; las clases se escriben como las lee el juego: "
        "fighter=guerrero, rogue=pícaro, cleric=clérigo, wizard=mago).",
    "Custom second party": "Segundo grupo a medida",
    "The second side's own party instead of a ready one, written as the first.":
        "Un grupo propio del segundo bando en vez de uno ya hecho, escrito como el primero.",
    "Two-weapon penalty": "Penalización por dos armas",
    "On every attack while wielding two: a character holding two weapons takes the penalty on every attack with "
    "either of them (the seed's words). Only when attacking with both: only when it attacks with both in one action.":
        "En cada ataque mientras empuña dos: un personaje con dos armas sufre la penalización en cada ataque con "
        "cualquiera de ellas (las palabras de las reglas). Solo al atacar con las dos: solo cuando ataca con las dos "
        "en una misma acción.",
    "on every attack while wielding two": "en cada ataque mientras empuña dos",
    "only when attacking with both": "solo al atacar con las dos",
    "Prone damage penalty": "Penalización al daño tumbado",
    "all: a prone character deals 5 less damage with every weapon, bows and thrown weapons included (the seed's "
    "words); melee: only with melee attacks.":
        "todas: un personaje tumbado hace 5 de daño menos con cualquier arma, arcos y armas arrojadizas incluidos (las "
        "palabras de las reglas); cuerpo a cuerpo: solo en los ataques cuerpo a cuerpo.",
    "every weapon": "todas las armas", "melee attacks only": "solo cuerpo a cuerpo",
    "Cover": "Cobertura",
    "Walls give +4 armor class (+2 Reflex against a fireball from beyond them) and characters in the way give +4 "
    "armor class against ranged attacks (d20 rules).":
        "Los muros dan +4 a la clase de armadura (+2 a Reflejos contra una bola de fuego del otro lado) y los "
        "personajes en medio dan +4 a la clase de armadura contra ataques a distancia (reglas d20).",
    "Shooting into melee": "Disparar a un cuerpo a cuerpo",
    "-4 to hit with a ranged attack or ray at an enemy who is in melee with one of the shooter's friends (d20 rules).":
        "-4 para acertar con un ataque a distancia o un rayo a un enemigo que está cuerpo a cuerpo con un aliado del "
        "tirador (reglas d20).",
    "Unarmed strikes": "Golpes desarmados",
    "Anyone may punch an adjacent enemy for 1d3 + Strength nonlethal damage; the punch provokes an attack of "
    "opportunity from it (d20 rules).":
        "Cualquiera puede dar un puñetazo a un enemigo adyacente por 1d3 + Fuerza de daño no letal; el puñetazo "
        "provoca un ataque de oportunidad de ese enemigo (reglas d20).",
    "Iterative attacks": "Ataques iterativos",
    "A character with base attack +6 or more may spend its whole turn on a full attack: a second attack at -5, a "
    "third at -10 from +11, a fourth at -15 from +16 (d20 rules).":
        "Un personaje con ataque base +6 o más puede dedicar todo su turno a un ataque completo: un segundo ataque a "
        "-5, un tercero a -10 desde +11, un cuarto a -15 desde +16 (reglas d20).",
    "Surprise round": "Asalto sorpresa",
    "none: no surprise; first or second: that side catches the other unaware and acts alone in a surprise round, one "
    "move or one standard action each, its enemies flat-footed (d20 rules).":
        "ninguno: sin sorpresa; primero o segundo: ese bando pilla al otro desprevenido y actúa solo en un asalto "
        "sorpresa, un movimiento o una acción estándar cada uno, con sus enemigos desprevenidos (reglas d20).",
    "no surprise": "sin sorpresa", "the first side surprises": "sorprende el primer bando",
    "the second side surprises": "sorprende el segundo bando",
    # the table
    "side": "bando", "character": "personaje", "class": "clase", "hp": "pg", "condition": "estado", "square": "casilla",
    "fighter": "guerrero", "rogue": "pícaro", "cleric": "clérigo", "wizard": "mago",
    "{cls}, level {n}": "{cls}, nivel {n}",
    "conscious": "consciente", "dead": "muerto", "prone": "tumbado", "blur": "desplazamiento", "hidden": "oculto",
    "flat-footed": "desprevenido", "incapacitated": "incapacitado", "stabilized": "estabilizado", "down": "caído",
    "disabled": "incapacitado", "dying": "moribundo", "unconscious": "inconsciente",
    "round {n} | {rest}": "ronda {n} | {rest}",
    "surprise round | {rest}": "asalto sorpresa | {rest}",
    "{who} {n}": "{who} {n}",
    "{n},{m}": "{n},{m}",
    "{n} rounds fought: a draw": "{n} rondas de lucha: empate",
    # prompts
    "{who} to act": "actúa {who}",
    "{who} provokes: attack of opportunity by {whom}?": "{who} provoca: ¿ataque de oportunidad de {whom}?",
    "Tie broken: {who} first": "Desempate: primero {who}",
    # decisions
    "{who} attacks {whom}": "{who} ataca a {whom}",
    "{who} attacks {whom} with both weapons": "{who} ataca a {whom} con las dos armas",
    "{who} moves to square {n},{m} ({ft} ft)": "{who} va a la casilla {n},{m} ({ft} pies)",
    "{who} moves to square {n},{m} ({ft} ft, provoking {k} attack of opportunity)":
        "{who} va a la casilla {n},{m} ({ft} pies, provoca {k} ataque de oportunidad)",
    "{who} moves to square {n},{m} ({ft} ft, provoking {k} attacks of opportunity)":
        "{who} va a la casilla {n},{m} ({ft} pies, provoca {k} ataques de oportunidad)",
    "{who} comes out of hiding": "{who} sale de su escondite",
    "{who} ends the turn": "{who} termina el turno",
    "{who} stands up": "{who} se levanta",
    "{who} shoots at {whom}": "{who} dispara a {whom}",
    "{who} throws a weapon at {whom}": "{who} lanza un arma a {whom}",
    "{who} punches {whom} (unarmed strike)": "{who} da un puñetazo a {whom} (golpe desarmado)",
    "{who} tries to hamstring {whom}": "{who} intenta desjarretar a {whom}",
    "{who} tries to trip {whom}": "{who} intenta derribar a {whom}",
    "{who} tries to hide": "{who} intenta esconderse",
    "{who} tries to stabilize {whom} (Heal check)": "{who} intenta estabilizar a {whom} (prueba de Sanar)",
    "{who} takes an attack of opportunity on {whom}": "{who} hace un ataque de oportunidad a {whom}",
    "{who} lets {whom} pass": "{who} deja pasar a {whom}",
    "{who} lets it pass": "{who} lo deja pasar",
    "{who} casts {spell} on {whom}": "{who} lanza {spell} sobre {whom}",
    "{who} casts {spell}": "{who} lanza {spell}",
    "{who} casts {spell}: +{n} ft": "{who} lanza {spell}: +{n} pies",
    "{who} casts fireball at square {n},{m}": "{who} lanza bola de fuego a la casilla {n},{m}",
    "{who} draws the {item}": "{who} desenvaina su {item}",
    "{who} draws the {item} (drops the {item2})": "{who} desenvaina su {item} (suelta su {item2})",
    "sheathed weapon": "arma envainada",
    "axe": "hacha", "club": "clava", "dagger": "daga", "hammer": "martillo", "longbow": "arco largo",
    "shortbow": "arco corto", "sling": "honda", "spear": "lanza", "staff": "bastón", "sword": "espada",
    "greatsword": "mandoble", "buckler": "rodela", "shield": "escudo",
    "leather": "cuero", "brigandine": "brigantina", "full plate": "armadura completa",
    "str": "fue", "dex": "des", "con": "con", "int": "int", "wis": "sab", "cha": "car",
    "cure light": "curar leves", "cure moderate": "curar moderadas", "cure serious": "curar graves",
    "inflict light": "infligir leves",
    # spells
    "acid splash": "salpicadura de ácido", "blur": "desplazamiento", "cure light wounds": "curar heridas leves",
    "cure moderate wounds": "curar heridas moderadas", "cure serious wounds": "curar heridas graves",
    "expeditious retreat": "retirada expeditiva", "fireball": "bola de fuego",
    "inflict light wounds": "infligir heridas leves", "inflict moderate wounds": "infligir heridas moderadas",
    "inflict serious wounds": "infligir heridas graves", "magic missile": "proyectil mágico",
    "resistance": "resistencia", "scorching ray": "rayo abrasador",
    "Acid splash": "Salpicadura de ácido", "Cure light wounds": "Curar heridas leves",
    "Cure moderate wounds": "Curar heridas moderadas", "Cure serious wounds": "Curar heridas graves",
    "Inflict light wounds": "Infligir heridas leves", "Inflict moderate wounds": "Infligir heridas moderadas",
    "Inflict serious wounds": "Infligir heridas graves", "Magic missile": "Proyectil mágico",
    "Scorching ray": "Rayo abrasador", "Fireball": "Bola de fuego",
    "Attack of opportunity": "Ataque de oportunidad", "Shot": "Disparo", "Thrown weapon": "Arma arrojadiza",
    "Hit": "Golpe", "Critical hit": "Golpe crítico", "Unarmed strike": "Golpe desarmado", "Off-hand": "Mano torpe",
    # what happened
    "{who} hits {whom} ({roll} against {ac})": "{who} acierta a {whom} ({roll} contra {ac})",
    "{who} critically hits {whom} ({roll} against {ac})": "{who} hace un crítico a {whom} ({roll} contra {ac})",
    "{who} misses {whom} ({roll} against {ac})": "{who} falla contra {whom} ({roll} contra {ac})",
    "d{n} {m} {k} = {x} [{parts}]": "d{n} {m} {k} = {x} [{parts}]",
    "AC {n} [{parts}]": "CA {n} [{parts}]", "touch AC {n} [{parts}]": "CA de toque {n} [{parts}]",
    "AC {n}": "CA {n}", "touch AC {n}": "CA de toque {n}",
    "base attack {n}": "ataque base {n}", "base {n}": "base {n}", "Str {n}": "Fue {n}", "Dex {n}": "Des {n}",
    "armor {n}": "armadura {n}", "shield {n}": "escudo {n}", "prone {n}": "tumbado {n}", "cover {n}": "cobertura {n}",
    "soft cover {n}": "cobertura blanda {n}", "flanking {n}": "flanqueo {n}", "from hiding {n}": "desde escondido {n}",
    "improvised throw {n}": "lanzamiento improvisado {n}", "range {n}": "distancia {n}",
    "two weapons (light off-hand) {n}": "dos armas (ligera en la mano torpe) {n}", "Dex bonus lost": "bonificador de Des perdido",
    "blur may turn it aside": "el desplazamiento puede desviarlo",
    "{who}'s blur turns the attack aside": "el desplazamiento de {who} desvía el ataque",
    "{what}: {who} takes {n} ({m} hp)": "{what}: {who} recibe {n} ({m} pg)",
    "{what}: {who} takes {n} (down)": "{what}: {who} recibe {n} (caído)",
    "{what}: {who} takes {n} (dead)": "{what}: {who} recibe {n} (muerto)",
    "{what}: {who} heals {n} ({m} hp)": "{what}: {who} se cura {n} ({m} pg)",
    "{what}: {who} takes {n} ({m} hp, staggered)": "{what}: {who} recibe {n} ({m} pg, tambaleante)",
    "{what}: {who} takes {n} (knocked out)": "{what}: {who} recibe {n} (inconsciente)",
    # nonlethal damage (option unarmed_strikes)
    "{what}: {who} takes {n} nonlethal ({m} hp)": "{what}: {who} recibe {n} no letal ({m} pg)",
    "{what}: {who} takes {n} nonlethal ({m} hp, staggered)": "{what}: {who} recibe {n} no letal ({m} pg, tambaleante)",
    "{what}: {who} takes {n} nonlethal (knocked out)": "{what}: {who} recibe {n} no letal (inconsciente)",
    "{what}: {who} takes {n} nonlethal (down)": "{what}: {who} recibe {n} no letal (caído)",
    "{what}: {who} takes {n} nonlethal (dead)": "{what}: {who} recibe {n} no letal (muerto)",
    "{who} is knocked out and cannot act": "{who} está inconsciente y no puede actuar",
    "knocked out": "inconsciente", "staggered": "tambaleante",
    "Punch": "Puñetazo", "Hamstring": "Desjarretar", "Trip": "Derribo", "Ray": "Rayo", "Touch": "Toque",
    "Off-hand hit": "Golpe con la mano torpe", "Main-hand hit": "Golpe con la mano buena",
    "{what}; {who} is hamstrung": "{what}; {who} queda desjarretado", "hamstrung": "desjarretado",
    "{who} stabilizes {whom} (Heal {n} against DC {m})": "{who} estabiliza a {whom} (Sanar {n} contra CD {m})",
    "{who} fails to stabilize {whom} (Heal {n} against DC {m})":
        "{who} no logra estabilizar a {whom} (Sanar {n} contra CD {m})",
    "{who}'s Heal check on {whom}": "prueba de Sanar de {who} sobre {whom}",
    "{who} dodges (Reflex {n} {m} against DC {k}, cover {x})": "{who} esquiva (Reflejos {n} {m} contra CD {k}, cobertura {x})",
    "{who} fails (Reflex {n} {m} against DC {k}, cover {x})": "{who} falla (Reflejos {n} {m} contra CD {k}, cobertura {x})",
    # a full attack (option iterative_attacks)
    "{who} goes on with the full attack": "{who} sigue con el ataque completo",
    "{who} stops the full attack and moves to square {n},{m}": "{who} deja el ataque completo y va a la casilla {n},{m}",
    "{who} stops the full attack and moves to square {n},{m} ({ft} ft)":
        "{who} deja el ataque completo y va a la casilla {n},{m} ({ft} pies)",
    "{who} stops the full attack and moves to square {n},{m} ({ft} ft, provoking {k} attack of opportunity)":
        "{who} deja el ataque completo y va a la casilla {n},{m} ({ft} pies, provoca {k} ataque de oportunidad)",
    "{who} stops the full attack and moves to square {n},{m} ({ft} ft, provoking {k} attacks of opportunity)":
        "{who} deja el ataque completo y va a la casilla {n},{m} ({ft} pies, provoca {k} ataques de oportunidad)",
    "{who} loses the {spell}": "{who} pierde el conjuro {spell}",
    "{who}'s target is gone": "el objetivo de {who} ya no está",
    "{who}'s Heal check is spoiled by the attack of opportunity":
        "la prueba de Sanar de {who} se malogra por el ataque de oportunidad",
    "{who}: go on with the full attack, or move instead?": "{who}: ¿sigues con el ataque completo o te mueves?",
    "{p}% ({roll}, damage {dmg}), {rest}": "{p} % ({roll}, daño {dmg}), {rest}",
    "iterative attack {n}": "ataque iterativo {n}", "two weapons {n}": "dos armas {n}",
    "shooting into melee {n}": "disparo a un cuerpo a cuerpo {n}",
    "d{n} {m} {k} = {x} []": "d{n} {m} {k} = {x} []",
    "the battle is over": "la batalla ha terminado",
    "Fireball: {n} damage": "Bola de fuego: {n} de daño",
    "Fireball {n}: {rest}": "Bola de fuego {n}: {rest}",
    # the same lines as the state's last text has them (the board's card), not capitalised by the log
    "fireball {n}: {rest}": "bola de fuego {n}: {rest}", "fireball: {n} damage": "bola de fuego: {n} de daño",
    "tie broken: {who} first": "desempate: primero {who}",
    "{who} dodges (Reflex {n} {m} against DC {k})": "{who} esquiva (Reflejos {n} {m} contra CD {k})",
    "{who} fails (Reflex {n} {m} against DC {k})": "{who} falla (Reflejos {n} {m} contra CD {k})",
    "{who} burns": "{who} arde",
    "{what}: {n} damage unless {who} saves (Will DC {m})": "{what}: {n} de daño salvo que {who} salve (Voluntad CD {m})",
    "{who} fails (Will d{n} {m} {k} against DC {x})": "{who} falla (Voluntad d{n} {m} {k} contra CD {x})",
    "{who} saves (Will d{n} {m} {k} against DC {x})": "{who} salva (Voluntad d{n} {m} {k} contra CD {x})",
    "inflict moderate": "infligir moderadas", "inflict serious": "infligir graves",
    "{who} fails to hide (Hide d{n} {m} {k} against DC {x})": "{who} no logra esconderse (Esconderse d{n} {m} {k} contra CD {x})",
    "{who} hides (Hide d{n} {m} {k} against DC {x})": "{who} se esconde (Esconderse d{n} {m} {k} contra CD {x})",
    "{who} is tripped (d{n} {m} {k} against DC {x})": "{who} es derribado (d{n} {m} {k} contra CD {x})",
    "{who} stays up (d{n} {m} {k} against DC {x})": "{who} sigue en pie (d{n} {m} {k} contra CD {x})",
    "{who} keeps concentration ({n} + {m} against DC {k})": "{who} mantiene la concentración ({n} + {m} contra CD {k})",
    "{who} loses concentration ({n} + {m} against DC {k})": "{who} pierde la concentración ({n} + {m} contra CD {k})",
    "{who} bleeds (d{n} = {m}): {k} hp": "{who} se desangra (d{n} = {m}): {k} pg",
    "{who} bleeds (d{n} = {m}): {k} hp, dead": "{who} se desangra (d{n} = {m}): {k} pg, muerto",
    "{who} stabilizes (d{n} = {m})": "{who} se estabiliza (d{n} = {m})",
    "{who} recovers {n} hp ({m})": "{who} recupera {n} pg ({m})",
    "{who} recovers {n} hp ({m}) and comes to, prone": "{who} recupera {n} pg ({m}) y vuelve en sí, tumbado",
    "{who} blurs": "{who} se desdibuja",
    # rolls
    "{who}'s damage to {whom}": "daño de {who} a {whom}",
    "{who}'s fireball damage": "daño de la bola de fuego de {who}",
    "{who}'s {spell} healing {whom}": "curación de {spell} de {who} a {whom}",
    "{who}'s magic missile damage to {whom}": "daño del proyectil mágico de {who} a {whom}",
    "{who}'s blur: {n}% miss": "desplazamiento de {who}: {n} % de fallo",
    "concealment": "ocultación", "hit": "acierto", "miss": "fallo",
    "{who}'s Concentration": "Concentración de {who}", "{who}'s Hide check": "prueba de Esconderse de {who}",
    "{who}'s Reflex save against the fireball": "salvación de Reflejos de {who} contra la bola de fuego",
    "{who}'s Will save against {spell}": "salvación de Voluntad de {who} contra {spell}",
    "{who}'s {what} against {whom}": "{what} de {who} contra {whom}",
    "{who}'s bleeding": "desangrado de {who}", "{who}'s initiative": "iniciativa de {who}",
    "{who}'s save against the trip": "salvación de {who} contra el derribo",
    "initiative tie between {them}": "empate en la iniciativa entre {them}",
    "{spell} attack roll": "tirada de ataque de {spell}",
    "attack of opportunity roll": "tirada de ataque de oportunidad", "main-hand attack roll": "tirada de ataque de la mano buena",
    "off-hand attack roll": "tirada de ataque de la mano torpe", "shot": "disparo", "throw": "lanzamiento",
    "trip attack roll": "tirada de ataque de derribo", "hamstring attack roll": "tirada de ataque para desjarretar",
    "unarmed strike": "golpe desarmado", "attack roll": "tirada de ataque",
    "second {what}": "segundo {what}", "third {what}": "tercer {what}", "fourth {what}": "cuarto {what}",
    # odds
    "{p}% to hit ({roll} against {ac})": "{p} % de acertar ({roll} contra {ac})",
    "{p}% to hit ({roll} against {ac}), damage {dmg}": "{p} % de acertar ({roll} contra {ac}), daño {dmg}",
    "{p}% to hit ({roll} against {ac}), damage {dmg}; {x} damage on average":
        "{p} % de acertar ({roll} contra {ac}), daño {dmg}; {x} de daño de media",
    "{p}% to hit ({roll} against {ac}), damage {dmg}; {x} damage on average; {who} may strike back first":
        "{p} % de acertar ({roll} contra {ac}), daño {dmg}; {x} de daño de media; {who} puede golpear antes",
    "{p}% to hit ({roll} against {ac}); then {who} resists {n}% (DC {m})":
        "{p} % de acertar ({roll} contra {ac}); luego {who} resiste un {n} % (CD {m})",
    "{p}% to hit (touch AC {n}), damage {dmg}, Will half": "{p} % de acertar (CA de toque {n}), daño {dmg}, Voluntad mitad",
    "{k} attacks against {ac}: {list}; {x} damage on average in all":
        "{k} ataques contra {ac}: {list}; {x} de daño de media en total",
    "{p}% ({roll}, damage {dmg})": "{p} % ({roll}, daño {dmg})",
    "{a} with {b}": "{a} con {b}",
    "ranged touch {a}": "toque a distancia {a}",
    "{dmg} nonlethal": "{dmg} no letal", "{dmg} sneak": "{dmg} furtivo",
    "{n}d{m}+{k}d{x}": "{n}d{m}+{k}d{x}", "{n}d{m}+{k}+{x}d{y}": "{n}d{m}+{k}+{x}d{y}",
    "{n}d{m} to everyone within {k} ft; Reflex DC {x} for none": "{n}d{m} a todos en {k} pies; Reflejos CD {x} para nada",
    "hides {n}% (Hide {m} against DC {k})": "se esconde un {n} % (Esconderse {m} contra CD {k})",
    "stabilizes {n}% (Heal {m} against DC {k})": "se estabiliza un {n} % (Sanar {m} contra CD {k})",
    "Move": "Mover",
    # refusals (words.refusal): what was asked, and what may be done instead, each without the name
    "Not possible now: {what}. {who} may: {list}": "Ahora no es posible: {what}. {who} puede: {list}",
    "{who} has nothing to decide now": "{who} no tiene nada que decidir ahora",
    "{who} may take the attack of opportunity on {whom} or let it pass, nothing else":
        "{who} puede hacer el ataque de oportunidad a {whom} o dejarlo pasar, nada más",
    "move to one of {n} squares": "moverse a una de {n} casillas",
    "attacks {whom}": "atacar a {whom}",
    "attacks {whom} with both weapons": "atacar a {whom} con las dos armas",
    "shoots at {whom}": "disparar a {whom}",
    "throws a weapon at {whom}": "lanzar un arma a {whom}",
    "tries to trip {whom}": "intentar derribar a {whom}",
    "tries to hamstring {whom}": "intentar desjarretar a {whom}",
    "tries to stabilize {whom} (Heal check)": "intentar estabilizar a {whom} (prueba de Sanar)",
    "makes a full attack on {whom}": "hacer un ataque completo a {whom}",
    "goes on with the full attack on {whom}": "seguir con el ataque completo a {whom}",
    "punches {whom} (unarmed strike)": "dar un puñetazo a {whom} (golpe desarmado)",
    "stands up": "levantarse", "draws the sheathed weapon": "desenvainar el arma envainada",
    "tries to hide": "intentar esconderse", "ends the turn": "terminar el turno",
    "casts {spell}": "lanzar {spell}", "casts {spell} on {whom}": "lanzar {spell} sobre {whom}",
    "casts {spell} at square {n},{m}": "lanzar {spell} a la casilla {n},{m}",
    # decisions the refusal may name: a full attack, a fireball's square, and what cannot be read
    "{who} makes a full attack on {whom}": "{who} hace un ataque completo a {whom}",
    "{who} goes on with the full attack on {whom}": "{who} sigue con el ataque completo a {whom}",
    "{who} casts {spell} at square {n},{m}": "{who} lanza {spell} a la casilla {n},{m}",
    "{who} moves to square {n},{m}": "{who} va a la casilla {n},{m}",
    "{who} moves (to a square that cannot be read)": "{who} se mueve (a una casilla que no se puede leer)",
    "{who} casts {spell} on someone unknown": "{who} lanza {spell} sobre alguien desconocido",
    "{who} casts a spell this game does not have": "{who} lanza un conjuro que este juego no tiene",
    "{who} does something this game does not know": "{who} hace algo que este juego no conoce",
}
