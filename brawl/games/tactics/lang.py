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
                            "Custom": "Personalizado"}

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
        "una clase con nombre si se quiere (steve,rogue,cleric=Ida).",
    "Custom second party": "Segundo grupo a medida",
    "The second side's own party instead of a ready one, written as the first.":
        "Un grupo propio del segundo bando en vez de uno ya hecho, escrito como el primero.",
    "Two-weapon penalty": "Penalización por dos armas",
    "wielding: a character holding two weapons takes the penalty on every attack with either of them (the seed's "
    "words); both_attacks: only when it attacks with both in one action.":
        "al empuñar: un personaje con dos armas sufre la penalización en cada ataque con cualquiera de ellas (las "
        "palabras de las reglas); con ambas: solo cuando ataca con las dos en una misma acción.",
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
}
