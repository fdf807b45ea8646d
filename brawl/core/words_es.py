"""Spanish for what every game says alike (see :mod:`brawl.core.i18n`): the match's log lines
(rolls, sealed and revealed choices, the end), and the ways texts are joined."""

WORDS = {
    # the match's own log lines (brawl.core.match)
    "{who} rolls {event}: {roll}": "{who} tira {event}: {roll}",
    "{who} rolls {event} ({label}): {roll}": "{who} tira {event} ({label}): {roll}",
    "Roll {event}: {roll}": "Tirada de {event}: {roll}",
    "Roll {event} ({label}): {roll}": "Tirada de {event} ({label}): {roll}",
    "{who} has chosen": "{who} ha elegido",
    "You chose: {text}": "Elegiste: {text}",
    "Revealed: {text}": "Revelado: {text}",
    "Game over: {who} wins": "Fin de la partida: gana {who}",
    "Game over: {who}, {who2} wins": "Fin de la partida: ganan {who} y {who2}",
    "Game over: no winner": "Fin de la partida: sin ganador",
    "{who} ran out of time and is out": "{who} se quedó sin tiempo y queda fuera",
    "Game over: {who} win": "Fin de la partida: ganan {who}",
    "Game over: {who}, {who2} win": "Fin de la partida: ganan {who} y {who2}",
    # ways texts are joined: tried last, each part translated on its own
    "{a}; {b}": "{a}; {b}",
    "{a} | {b}": "{a} | {b}",
    "{a}, {b}": "{a}, {b}",
    "{a}: {b}": "{a}: {b}",
    "{a} ({b})": "{a} ({b})",
    "{a}. {b}": "{a}. {b}",
    "{a}.": "{a}.",
    # status tables
    "Player": "Jugador",
    "Status": "Estado",
    "winner": "ganador",
    "yes": "sí",
    "no": "no",
    "none": "ninguno",
}

# names that are words: a seat called "Player 2" reads "Jugador 2"
NAMES = {
    "Player": "Jugador",
}

WORDS.update({
    # numbers and dice as they stand in texts
    "{n}/{m}": "{n}/{m}",
    "{n}-{m}": "{n}-{m}",
    "d{n}": "d{n}",
    "{n}d{m}": "{n}d{m}",
    "{n}d{m}+{k}": "{n}d{m}+{k}",
    "{n}d{m}-{k}": "{n}d{m}-{k}",
    "d{n}+d{m}": "d{n}+d{m}",
    "d{n}-{m}": "d{n}-{m}",
    "d{n}+{m}": "d{n}+{m}",
    "d{n}r{m}": "d{n}r{m}",
    "{n}%": "{n}%",
    "{n}+": "{n}+",
    "x{n}": "x{n}",
    "on turn": "en turno",
    "beaten": "vencido",
    "out": "fuera",
    "Hit points": "Puntos de golpe",
    "Players": "Jugadores",
    "Round limit": "Límite de rondas",
    # the game review's notes (brawl.review)
    "exact: every figure is the value under optimal play by both seats":
        "exacto: cada cifra es el valor con juego óptimo de ambos jugadores",
    "estimated by {n} playouts of the {bot} bot on common dice, 95% intervals":
        "estimado con {n} partidas simuladas del bot {bot} con los mismos dados, intervalos del 95 %",
    "{n} playouts to stay near {m} s": "{n} partidas simuladas para no pasar de unos {m} s",
    "no exact solver covers these options": "ningún solucionador exacto cubre estas opciones",
    "estimated by {n} playouts ({name}) on common dice, 95% intervals":
        "estimado con {n} partidas simuladas ({name}) con los mismos dados, intervalos del 95 %",
    "'uncertain' where they cannot tell": "'incierta' donde no pueden decidir",
    "exact: each round of hidden choices is a matrix game, valued by its equilibrium":
        "exacto: cada ronda de elecciones ocultas es un juego matricial, valorado por su equilibrio",
    # refusals every game may give (brawl.core.game, brawl.core.match)
    "it is not {who}'s decision; waiting for {whom}": "no le toca decidir a {who}; se espera a {whom}",
    "{n} is not a face of {event} (it shows {faces})": "{n} no es una cara de {event} (sus caras: {faces})",
    "the table's roll of {event} comes first": "primero va la tirada de {event} en la mesa",
    "no roll is awaited now": "ahora no se espera ninguna tirada",
    "this game's dice are rolled by the server, not entered": "los dados de esta partida los tira el servidor; no se introducen",
})
