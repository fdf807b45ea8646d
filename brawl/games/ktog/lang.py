"""KtOG in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make, with its
blanks, and the Spanish sentence; the English labels of the option values."""

VALUES: dict[str, dict[str, str]] = {
    "initiative": {"once": "once, then the seat order", "every_round": "again every round"},
}

NAMES_ES: dict[str, str] = {}

ES: dict[str, str] = {
    "KtOG (Kill the Other Guy)": "KtOG (Mata al Otro)",
    "A free-for-all for 2 to 8 players with a d20 and a d6: attack, disarm and cast six spells (Haste, Cure, Bless, "
    "Mighty Blow, Dodge); the last one standing wins.":
        "Un todos contra todos de 2 a 8 jugadores con un d20 y un d6: ataca, desarma y lanza seis conjuros (Prisa, "
        "Curar, Bendición, Golpe Poderoso, Esquivar); gana el último que quede en pie.",
    # options
    "Number of players, 2 to 8.": "Número de jugadores, de 2 a 8.",
    "Hit points each player starts with (the rules suggest 15 to 25).":
        "Puntos de golpe con los que empieza cada jugador (las reglas sugieren de 15 a 25).",
    "To hit": "Para acertar", "What the d20 must show to hit.": "Lo que debe sacar el d20 para acertar.",
    "Initiative": "Iniciativa",
    "Once: roll for who goes first once, then keep the seat order. Again every round: roll again at the start of "
    "every round.":
        "Una vez: se tira una vez para ver quién empieza y luego se sigue el orden de los asientos. Otra vez en cada "
        "ronda: se vuelve a tirar al empezar cada ronda.",
    "once, then the seat order": "una vez, luego el orden de los asientos", "again every round": "otra vez en cada ronda",
    "Initiative die": "Dado de iniciativa", "The die rolled for initiative.": "El dado que se tira para la iniciativa.",
    "Stand at zero": "En pie a cero",
    "At 0 hit points, a d100 of 50 or less keeps a player in the fight.":
        "A 0 puntos de golpe, un d100 de 50 o menos mantiene al jugador en la pelea.",
    "Fumble flying": "Arma por los aires",
    "After a critical miss, a 1 on the drop roll also disarms, for 3 turns: the weapon flies across the room.":
        "Tras un fallo crítico, un 1 en la tirada de soltar el arma también desarma, durante 3 turnos: el arma sale "
        "volando por la sala.",
    "Cure touch roll": "Tirada de toque para Curar",
    "Curing someone else first needs a d20 roll to touch them.": "Curar a otro exige antes una tirada de d20 para tocarle.",
    "Classes": "Clases",
    "Each player picks fighter (better to hit, 5 more hit points, no spells) or magic-user at the start.":
        "Al empezar, cada jugador elige guerrero (acierta mejor, 5 puntos de golpe más, sin conjuros) o mago.",
    "Cure cap": "Tope de Curar", "Cure never heals above the starting hit points.":
        "Curar nunca sube por encima de los puntos de golpe iniciales.",
    # spells and dice
    "Haste": "Prisa", "Cure": "Curar", "Bless": "Bendición", "Mighty Blow": "Golpe Poderoso", "Dodge": "Esquivar",
    "Haste×{n}": "Prisa×{n}",
    "to hit": "para acertar", "disarm": "desarme", "touch to cure": "toque para curar", "damage": "daño",
    "critical damage": "daño crítico", "cure": "curación", "initiative": "iniciativa",
    "critical miss: hits themselves on {n}+": "fallo crítico: se golpea a sí mismo con {n}+",
    "critical miss: drops the weapon on {n}+": "fallo crítico: suelta el arma con {n}+",
    "damage to themselves": "daño a sí mismo",
    "stays standing on {n} or less": "sigue en pie con {n} o menos",
    # prompts
    "{who}: you are disarmed ({n} scramble turn to go): {what}?": "{who}: estás desarmado (queda {n} turno para recuperar el arma): ¿{what}?",
    "{who}: you are disarmed ({n} scramble turns to go): {what}?": "{who}: estás desarmado (quedan {n} turnos para recuperar el arma): ¿{what}?",
    "scramble for the weapon": "ir a por el arma", "cast Haste to scramble twice": "lanzar Prisa para buscarla dos veces",
    "fight bare-handed": "pelear con las manos desnudas", "cast Cure": "lanzar Curar",
    "{who}: {what}?": "{who}: ¿{what}?",
    "{who}: {what}, or cast Cure instead?": "{who}: ¿{what}, o lanzar Curar en su lugar?",
    "attack or try to disarm an opponent": "atacar o intentar desarmar a un rival",
    "attack or try to disarm an opponent (you may cast {what} first)":
        "atacar o intentar desarmar a un rival (antes puedes lanzar {what})",
    "{a} or {b}": "{a} o {b}",
    "{who}: Bless is on: attack or try to disarm?": "{who}: Bendición activa: ¿atacar o intentar desarmar?",
    "{who}: Haste: your first attack or disarm attempt?": "{who}: Prisa: ¿tu primer ataque o intento de desarme?",
    "{who}: Haste: your second attack or disarm attempt?": "{who}: Prisa: ¿tu segundo ataque o intento de desarme?",
    "{who} scores a hit on {whom}: {whom2}, cast Dodge so that the hit does nothing?":
        "{who} acierta a {whom}: {whom2}, ¿lanzas Esquivar para que el golpe no haga nada?",
    "{who} scores a critical hit ({n}d{m} damage) on {whom}: {whom2}, cast Dodge so that the hit does nothing?":
        "{who} hace un crítico ({n}d{m} de daño) a {whom}: {whom2}, ¿lanzas Esquivar para que el golpe no haga nada?",
    "{who}: your hit on {whom} lands: cast Mighty Blow to double the damage?":
        "{who}: tu golpe a {whom} entra: ¿lanzas Golpe Poderoso para doblar el daño?",
    "{who}: pick your class: fighter ({n} better to hit, {m} more hit points, no spells) or magic-user (all the spells)?":
        "{who}: elige tu clase: ¿guerrero ({n} mejor para acertar, {m} puntos de golpe más, sin conjuros) o mago (todos los conjuros)?",
    # decisions
    "{who} attacks {whom}": "{who} ataca a {whom}",
    "{who} tries to disarm {whom}": "{who} intenta desarmar a {whom}",
    "{who} fights {whom} bare-handed": "{who} pelea con {whom} con las manos desnudas",
    "{who} casts Cure on {whom}": "{who} lanza Curar sobre {whom}",
    "{who} casts Cure on themselves": "{who} lanza Curar sobre sí",
    "{who} does not dodge": "{who} no esquiva",
    "{who} does without Mighty Blow": "{who} renuncia a Golpe Poderoso",
    "{who} casts Haste to scramble twice": "{who} lanza Prisa para buscar el arma dos veces",
    "{who} casts Haste: two attacks": "{who} lanza Prisa: dos ataques",
    "{who} casts Bless": "{who} lanza Bendición",
    "{who} scrambles for the weapon": "{who} va a por el arma",
    "{who} casts Dodge: the hit does nothing": "{who} lanza Esquivar: el golpe no hace nada",
    "{who} casts Mighty Blow": "{who} lanza Golpe Poderoso",
    "{who} picks fighter": "{who} elige guerrero", "{who} picks magic-user": "{who} elige mago",
    "{who} makes a decision KtOG does not know": "{who} toma una decisión que KtOG no conoce",
    # what happened
    "{who} is a fighter": "{who} es guerrero", "{who} is a magic-user": "{who} es mago",
    "{who} scrambles: weapon back from the next turn": "{who} busca el arma: la recupera desde el próximo turno",
    "{who} scrambles twice (Haste): weapon back from the next turn": "{who} busca el arma dos veces (Prisa): la recupera desde el próximo turno",
    "{who} scrambles: {n} to go": "{who} busca el arma: faltan {n}",
    "{who} scrambles twice (Haste): {n} to go": "{who} busca el arma dos veces (Prisa): faltan {n}",
    "{who} hits themselves": "{who} se golpea a sí mismo",
    "{who} does not hit themselves": "{who} no se golpea a sí mismo",
    "{who} drops the weapon": "{who} suelta el arma",
    "{who} drops the weapon (it flies across the room)": "{who} suelta el arma (sale volando por la sala)",
    "{who} keeps hold of the weapon": "{who} no suelta el arma",
    "{who} fails to touch {whom}: Cure spent": "{who} no logra tocar a {whom}: Curar gastado",
    "{who} is cured of {n} (now {m})": "{who} se cura {n} (ahora {m})",
    "{who} stays standing at 0": "{who} sigue en pie a 0",
    "{who} falls unconscious": "{who} cae inconsciente",
    "initiative tie between {them}: they roll again": "empate en la iniciativa entre {them}: vuelven a tirar",
    "{who} goes first": "{who} empieza",
    "{who} touches {whom}": "{who} toca a {whom}",
    "{who} disarms {whom}": "{who} desarma a {whom}",
    "{who} fails to disarm {whom}": "{who} no logra desarmar a {whom}",
    "{who} misses {whom}": "{who} falla contra {whom}",
    "{who} critically misses": "{who} falla de forma crítica",
    "{who} hits {whom}": "{who} acierta a {whom}",
    "{who} critically hits {whom}": "{who} hace un crítico a {whom}",
    "no damage to {whom}": "ningún daño a {whom}",
    "no critical damage to {whom}": "ningún daño crítico a {whom}",
    "no self-damage to {whom}": "ningún daño a sí mismo para {whom}",
    "{who} takes {n} damage": "{who} recibe {n} de daño",
    "{who} takes {n} critical damage": "{who} recibe {n} de daño crítico",
    "{who} takes {n} self-damage": "{who} se hace {n} de daño",
    "{text}, down to 0": "{text}, baja a 0",
    "{text} and falls unconscious": "{text} y cae inconsciente",
    "{text}; {who} wins": "{text}; gana {who}",
    # odds
    "need {n}+: {m}% ({k}: critical {n2}d{m2}, {k2}: critical miss); damage d{x}":
        "necesitas {n}+: {m} % ({k}: crítico {n2}d{m2}, {k2}: fallo crítico); daño d{x}",
    "need {n}+: {m}% ({k}: critical {n2}d{m2}, {k2}: critical miss); damage {text}":
        "necesitas {n}+: {m} % ({k}: crítico {n2}d{m2}, {k2}: fallo crítico); daño {text}",
    "need {n}+: {m}%": "necesitas {n}+: {m} %",
    "heals {n}-{m}": "cura {n}-{m}",
    "heals {n}-{m}{text}": "cura {n}-{m}{text}",
    ", but {who} is at the cap ({n})": ", pero {who} está en el tope ({n})",
    ", at most {n} here (cap {m})": ", como mucho {n} aquí (tope {m})",
    "; touch roll need {n}+: {m}%": "; tirada de toque: necesitas {n}+: {m} %",
    ", at most {n} here (cap {m}); touch roll need {k}+: {x}%": ", como mucho {n} aquí (tope {m}); tirada de toque: necesitas {k}+: {x} %",
    ", but {who} is at the cap ({n}); touch roll need {k}+: {x}%": ", pero {who} está en el tope ({n}); tirada de toque: necesitas {k}+: {x} %",
    "scramble twice: {n} turns to go -> {m}": "buscar el arma dos veces: quedan {n} turnos -> {m}",
    "two attacks or disarm attempts this turn": "dos ataques o intentos de desarme este turno",
    "this turn: need {n}+ to hit (before other modifiers), {m}+ to disarm":
        "este turno: necesitas {n}+ para acertar (antes de otros modificadores), {m}+ para desarmar",
    "weapon back from your next turn": "recuperas el arma desde tu próximo turno",
    "{n} scramble turn left after this": "después de este queda {n} turno para recuperar el arma",
    "{n} scramble turns left after this": "después de este quedan {n} turnos para recuperar el arma",
    "the hit does nothing": "el golpe no hace nada",
    "the hit does nothing (a critical: {n}d{m}, x{k} with Mighty Blow)": "el golpe no hace nada (un crítico: {n}d{m}, x{k} con Golpe Poderoso)",
    "damage {text} x{n}": "daño {text} x{n}",
    "1d2": "1d2",
    # the table
    "Class": "Clase", "Spells left": "Conjuros que quedan", "Spell cast this round": "Conjuro lanzado esta ronda",
    "Disarmed": "Desarmado", "Turn order": "Orden de turno", "fighter": "guerrero", "magic-user": "mago", "not yet chosen": "sin elegir aún",
    "{n} scramble turn to go": "queda {n} turno para recuperar el arma",
    "{n} scramble turns to go": "quedan {n} turnos para recuperar el arma",
    "{who}: {n} hit points": "{who}: {n} puntos de golpe",
    "{who}: {n} hit points (out)": "{who}: {n} puntos de golpe (fuera)",
    "{who}: {n} hit points, disarmed ({m} to go)": "{who}: {n} puntos de golpe, desarmado (faltan {m})",
    "{who}: {n} hit points (out), disarmed ({m} to go)": "{who}: {n} puntos de golpe (fuera), desarmado (faltan {m})",
    # refusals
    "that is not legal now: {why}; {what}": "eso no vale ahora: {why}; {what}",
    "that is not legal now; {what}": "eso no vale ahora; {what}",
    "{who} may {what}": "{who} puede {what}",
    "{who} has nothing to decide now": "{who} no tiene nada que decidir ahora",
    "Haste and Bless are cast at the start of a turn, Cure instead of an attack":
        "Prisa y Bendición se lanzan al principio del turno, Curar en lugar de un ataque",
    "a fighter casts no spells": "un guerrero no lanza conjuros",
    "only one spell per player per round": "solo un conjuro por jugador y ronda",
    "no disarm attempts bare-handed": "sin intentos de desarme con las manos desnudas",
    "disarmed: scramble, cure or fight bare-handed": "desarmado: busca el arma, cura o pelea con las manos desnudas",
    "attack {whom}": "atacar a {whom}", "try to disarm {whom}": "intentar desarmar a {whom}",
    "fight {whom} bare-handed": "pelear con {whom} con las manos desnudas",
    "cast Cure on {whom}": "lanzar Curar sobre {whom}", "yourself": "ti mismo",
    "let the hit land": "dejar que el golpe entre", "do without Mighty Blow": "renunciar a Golpe Poderoso",
    "cast Haste": "lanzar Prisa", "cast Bless": "lanzar Bendición", "cast Dodge": "lanzar Esquivar",
    "cast Mighty Blow": "lanzar Golpe Poderoso", "be a fighter": "ser guerrero", "be a magic-user": "ser mago",
}
