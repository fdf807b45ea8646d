"""Kniggits in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make, with its
blanks, and the Spanish sentence; the English labels of the option values."""

VALUES: dict[str, dict[str, str]] = {
    "terrain": {"village": "village", "forest": "forest", "open": "open ground"},
    "archer_defense": {"shots": "defends against shots", "never": "never defends"},
    "scenario": {"battle": "battle", "flag": "capture the flag", "princess": "rescue the princess",
                 "grail": "quest for the grail", "joust": "joust"},
    "disengage": {"direct": "straight away from the enemy", "away": "any line away from every enemy"},
}

NAMES_ES: dict[str, str] = {}

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
    "Every distance of the rules times this: 0.5 for figures under an inch, 2 for big ones.":
        "Cada distancia de las reglas multiplicada por esto: 0,5 para figuras de menos de una pulgada, 2 para las grandes.",
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
        "Cuándo puede defenderse un arquero. Contra disparos (las palabras de las reglas): un arquero al que disparan se "
        "defiende con normalidad y solo está indefenso cuerpo a cuerpo. Nunca: un arquero nunca se defiende, ni "
        "siquiera contra flechas.",
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
        "Salir del combate: directa (en línea recta alejándose de un solo enemigo) o alejándose (cualquier línea recta "
        "que aleje al kniggit de todos los enemigos).",
    "straight away from the enemy": "en línea recta lejos del enemigo",
    "any line away from every enemy": "cualquier línea que se aleje de todos los enemigos",
    "Turn limit": "Límite de turnos",
    "Turns (both players together) before the game is scored; 0 for none.":
        "Turnos (de los dos jugadores juntos) antes de puntuar la partida; 0 para ninguno.",
    "Fight timer": "Reloj de combate",
    "Seconds a fight's hands may take in live play on the server; a hand not chosen in time does nothing. 0 for no timer.":
        "Segundos que pueden tardar las manos de un combate en una partida en directo en el servidor; una mano no "
        "elegida a tiempo no hace nada. 0 para no tener reloj.",
}
