"""Rock-paper-scissors in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules
make, with its blanks, and the Spanish sentence."""

VALUES: dict[str, dict[str, str]] = {}

NAMES_ES: dict[str, str] = {}

ES: dict[str, str] = {
    "Rock-paper-scissors (best of three)": "Piedra, papel o tijera (al mejor de tres)",
    "Both players show rock, paper or scissors at once; rock beats scissors, scissors beat paper, paper beats rock. "
    "The first to win two rounds wins: Kniggits settles who goes first this way.":
        "Los dos jugadores sacan piedra, papel o tijera a la vez; la piedra gana a la tijera, la tijera al papel y el "
        "papel a la piedra. Gana el primero que gane dos rondas: así decide Kniggits quién empieza.",
    "Wins needed": "Victorias necesarias",
    "Rounds a player must win to win the game; 2 makes it best of three.":
        "Rondas que hay que ganar para ganar la partida; con 2 es al mejor de tres.",
    "Rounds played at most, ties included; then whoever won more rounds wins, and equal wins are a draw "
    "(so a game of endless ties still ends).":
        "Rondas que se juegan como mucho, empates incluidos; después gana quien haya ganado más rondas, y con las "
        "mismas victorias es empate (así una partida de empates sin fin también termina).",
    "rock": "piedra", "paper": "papel", "scissors": "tijera",
    "Round {n}: rock, paper or scissors? (the other player sees it only when both have chosen)":
        "Ronda {n}: ¿piedra, papel o tijera? (el otro jugador solo lo ve cuando los dos hayan elegido)",
    "{who} shows {move}": "{who} saca {move}",
    "{who} shows something that is not rock, paper or scissors": "{who} saca algo que no es piedra, papel ni tijera",
    "Round {n}: both show {move}, a tie that counts for nobody": "Ronda {n}: los dos sacan {move}, un empate que no cuenta para nadie",
    "Round {n}: {move} beats {move2}, {who} wins the round": "Ronda {n}: {move} gana a {move2}, {who} gana la ronda",
    "Round {n}: {move} beat {move2}, {who} wins the round": "Ronda {n}: {move} gana a {move2}, {who} gana la ronda",
    "Rounds won": "Rondas ganadas",
    "Shown so far": "Sacado hasta ahora",
    "nothing yet": "nada todavía",
    "to choose": "por elegir",
    "has chosen": "ha elegido",
    "{who} {n}, {who2} {m}": "{who} {n}, {who2} {m}",
    "{who} wins: {who2} {n}, {who3} {m}": "gana {who}: {who2} {n}, {who3} {m}",
    "{who} {n}, {who2} {m} (first to {k} rounds wins)": "{who} {n}, {who2} {m} (gana el primero que llegue a {k} rondas)",
    "{who} {n}, {who2} {m} (first to {k} round wins)": "{who} {n}, {who2} {m} (gana el primero que llegue a {k} ronda)",
    "that is not legal now: show rock, paper or scissors": "eso no vale ahora: saca piedra, papel o tijera",
}
