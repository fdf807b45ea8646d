"""Krig in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make, with its
blanks, and the Spanish sentence; the English labels of the option values."""

VALUES: dict[str, dict[str, str]] = {
    "edition": {"author": "the author's page", "article": "the later article"},
}

NAMES_ES: dict[str, str] = {"Sun": "Sol", "Moon": "Luna"}

ES: dict[str, str] = {
    "Krig": "Krig",
    "A two-player duel of five dice: attack, defend or charge, and parry your opponent's blows.":
        "Un duelo de dos jugadores con cinco dados: ataca, defiende o carga, y para los golpes de tu rival.",
    "Edition": "Edición",
    "Which rules: author (the designer's own page) or article (a later write-up: charging drops your defense at "
    "once and you may not parry until the charge attack).":
        "Qué reglas: las del autor (la página del propio diseñador) o las del artículo (una versión posterior: al "
        "cargar pierdes la defensa enseguida y no puedes parar hasta el ataque de carga).",
    "the author's page": "la página del autor", "the later article": "el artículo posterior",
    "Hit points each player starts with, 1 to {n}.": "Puntos de golpe con los que empieza cada jugador, de 1 a {n}.",
    # dice
    "agility": "agilidad", "attack": "ataque", "defense": "defensa", "charge": "carga", "parry": "parada",
    # prompts
    "{who} attacks with {n} on the d6 (agility {m}): {whom}, parry with the d4 (it needs {k} or more) or take the blow?":
        "{who} ataca con {n} en el d6 (agilidad {m}): {whom}, ¿paras con el d4 (necesitas {k} o más) o encajas el golpe?",
    "{who}: make your charge attack (d10, d6 and d8)": "{who}: haz tu ataque de carga (d10, d6 y d8)",
    "{who}: attack or charge? (your defense {n} is still active)": "{who}: ¿atacas o cargas? (tu defensa {n} sigue activa)",
    "{who}: attack, defend or charge?": "{who}: ¿atacas, defiendes o cargas?",
    # decisions
    "{who} makes the charge attack (d10, d6, d8)": "{who} hace el ataque de carga (d10, d6, d8)",
    "{who} attacks (d10, d6)": "{who} ataca (d10, d6)",
    "{who} defends (d8)": "{who} defiende (d8)",
    "{who} charges": "{who} carga",
    "{who} tries to parry (d4)": "{who} intenta parar (d4)",
    "{who} takes the blow": "{who} encaja el golpe",
    "{who} makes a decision Krig does not know": "{who} toma una decisión que Krig no conoce",
    # what happened
    "initiative tie {n}-{m}: roll again": "empate en la iniciativa {n}-{m}: se tira otra vez",
    "{who} goes first ({n} against {m})": "{who} empieza ({n} contra {m})",
    "{who} defends with {n}": "{who} defiende con {n}",
    "{who} misses": "{who} falla",
    "{who} parries ({n} against {m})": "{who} para ({n} contra {m})",
    "{who}'s charge misses": "la carga de {who} falla",
    "{how}: {n} damage to {whom}, {m} off hit points ({k} left)":
        "{how}: {n} de daño a {whom}, {m} menos de puntos de golpe (quedan {k})",
    "{how}: {n} damage to {whom}, {n2} absorbed by defense, {m} off hit points ({k} left)":
        "{how}: {n} de daño a {whom}, {n2} absorbidos por la defensa, {m} menos de puntos de golpe (quedan {k})",
    "{text}; {who} wins": "{text}; gana {who}",
    "hit": "golpe", "critical": "crítico", "no parry while charging": "sin parada durante la carga",
    "parry fails ({n} against {m})": "la parada falla ({n} contra {m})",
    "charge, critical": "carga, crítico",
    # odds
    "parry succeeds {n} in {m} (d{k} >= {n2})": "la parada sale {n} de cada {m} (d{k} >= {n2})",
    "you take {n}, left with {m} hit points": "encajas {n} y te quedan {m} puntos de golpe",
    "you take {n}, left with {m} hit point": "encajas {n} y te queda {m} punto de golpe",
    "charge attack: hits {n} in {m} (1 in {k} critical), damage d{n2}+d{m2} ({x}-{y}, average {hp}), cannot be parried":
        "ataque de carga: acierta {n} de cada {m} (1 de cada {k} crítico), daño d{n2}+d{m2} ({x}-{y}, media {hp}), no se puede parar",
    "hits {n} in {m} (1 in {k} critical past defense), damage d{n2} (average {x})":
        "acierta {n} de cada {m} (1 de cada {k} crítico que ignora la defensa), daño d{n2} (media {x})",
    "hits {n} in {m} (1 in {k} critical past defense), damage d{n2} (average {x}); the defender may parry":
        "acierta {n} de cada {m} (1 de cada {k} crítico que ignora la defensa), daño d{n2} (media {x}); el defensor puede parar",
    "defense d{n}: 1 to {m}, average {x}": "defensa d{n}: de 1 a {m}, media {x}",
    "next turn: d{n}+d{m} damage (average {x}), cannot be parried":
        "próximo turno: d{n}+d{m} de daño (media {x}), no se puede parar",
    "next turn: d{n}+d{m} damage (average {x}), cannot be parried, you lose your defense and cannot parry until then":
        "próximo turno: d{n}+d{m} de daño (media {x}), no se puede parar; pierdes tu defensa y no puedes parar hasta entonces",
    # the table
    "Defense d8": "Defensa d8", "Charging": "Cargando",
    "Defense d8: none": "Defensa d8: ninguna",  # a status row's value read with its heading (la defensa)
    "{who}: {n} hit points, defense {m}": "{who}: {n} puntos de golpe, defensa {m}",
    "{who}: {n} hit points, no defense": "{who}: {n} puntos de golpe, sin defensa",
    "{who}: {n} hit points, defense {m}, charging": "{who}: {n} puntos de golpe, defensa {m}, cargando",
    "{who}: {n} hit points, no defense, charging": "{who}: {n} puntos de golpe, sin defensa, cargando",
    "{who}: {n} hit point, defense {m}": "{who}: {n} punto de golpe, defensa {m}",
    "{who}: {n} hit point, no defense": "{who}: {n} punto de golpe, sin defensa",
    "{who}: {n} hit point, defense {m}, charging": "{who}: {n} punto de golpe, defensa {m}, cargando",
    "{who}: {n} hit point, no defense, charging": "{who}: {n} punto de golpe, sin defensa, cargando",
    # refusals
    "that is not legal now: {why}; {who} may {what}": "eso no vale ahora: {why}; {who} puede {what}",
    "{who} is hit and may only parry or take the blow": "{who} ha recibido un golpe y solo puede parar o encajarlo",
    "{who}'s defense {n} is still active, so {who2} cannot defend again":
        "la defensa {n} de {who} sigue activa, así que {who2} no puede volver a defender",
    "{who} is charging and must make the charge attack": "{who} está cargando y debe hacer el ataque de carga",
    "a parry answers an attack; it is never a turn's action": "una parada responde a un ataque; nunca es la acción de un turno",
    "Krig knows attack, defend, charge, parry and take the blow": "Krig conoce atacar, defender, cargar, parar y encajar el golpe",
    "make the charge attack": "hacer el ataque de carga", "attack (d10, d6)": "atacar (d10, d6)",
    "defend (d8)": "defender (d8)", "parry (d4)": "parar (d4)", "take the blow": "encajar el golpe",
    "{a} or {b}": "{a} o {b}",
}
