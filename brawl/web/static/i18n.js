// The interface's one text catalogue: brawl.t(key, params) gives a fixed interface string in the
// chosen language.  The key is the English text ("Waiting for {names}…"); {name} placeholders take
// params.  A missing translation falls back to the English key.  Game content sent by the server
// (rules' labels, prompts, log lines) goes through brawl.tr, which matches it against the game's
// catalogue of templates (served with the page) and fills in the translated parts.
// Static page text: an element with data-i18n has its own text as key (replaced at load);
// data-i18n-attr="aria-label title" translates those attributes the same way.
// The language: localStorage "brawl.lang", else the browser's language; a switch (a <select>) goes
// into #lang-slot, or at the end of the page header.
"use strict";

(function () {
  window.brawl = window.brawl || {};
  const brawl = window.brawl;
  const KEY = "brawl.lang";
  const NAMES = { en: "English", es: "Español" };

  const es = {
    // shared
    "Language": "Idioma",
    "Copy link": "Copiar enlace",
    "Copied ✓": "Copiado ✓",
    "Copy this link:": "Copia este enlace:",
    "request failed ({status})": "la petición falló ({status})",
    "Player {n}": "Jugador {n}",
    "(all of it)": "(todo)",
    "online": "conectado",
    "away": "ausente",
    "offline": "desconectado",
    "{name} is {state}": "{name} está {state}",
    "Skip to content": "Saltar al contenido",
    "API": "API",
    "Lobby": "Inicio",
    "New game": "Partida nueva",
    "Refused:": "Rechazado:",
    // lobby
    "brawl: new game": "brawl: partida nueva",
    "Game": "Juego",
    "Options": "Opciones",
    "Seats": "Asientos",
    "Create game": "Crear partida",
    "Your game is ready": "Tu partida está lista",
    "Each human seat has its own secret link: open yours, send the other to your opponent. The spectator link shows the public view only.":
      "Cada asiento humano tiene su propio enlace secreto: abre el tuyo y envía el otro a tu rival. El enlace de espectador solo muestra la vista pública.",
    "Dice commitment (SHA-256 of the server's secret seed, revealed at the end):":
      "Compromiso de los dados (SHA-256 de la semilla secreta del servidor, revelada al final):",
    "Games you created": "Partidas que creaste",
    "Kept in this browser only, so you can find an invite link again.": "Guardadas solo en este navegador, para que puedas volver a encontrar un enlace de invitación.",
    "Forget this list": "Olvidar esta lista",
    "{n} players": "{n} jugadores",
    "{min} to {max} players": "de {min} a {max} jugadores",
    "Human (invite link)": "Humano (enlace de invitación)",
    "Bot: {bot}": "Bot: {bot}",
    "Computer: easy": "Ordenador: fácil",
    "Computer: normal": "Ordenador: normal",
    "Computer: hard": "Ordenador: difícil",
    "Bots by name": "Bots por nombre",
    "Seat {n}": "Asiento {n}",
    "Rules of {title}": "Reglas de {title}",
    "Play as {name}": "Jugar como {name}",
    "Copy {name}'s invite link": "Copiar el enlace de invitación de {name}",
    "Watch": "Mirar",
    "Spectators: ": "Espectadores: ",
    "Copy the spectator link": "Copiar el enlace de espectador",
    "{seat}: bot {bot}": "{seat}: bot {bot}",
    "cannot load the games: {message}": "no se pueden cargar los juegos: {message}",
    "Your name (seat 1, optional)": "Tu nombre (asiento 1, opcional)",
    "Shown to the other players; you can change it later.": "Lo verán los demás jugadores; puedes cambiarlo luego.",
    "Time": "Tiempo",
    "Clock": "Reloj",
    "No clock": "Sin reloj",
    "Per decision": "Por decisión",
    "Whole game": "Partida entera",
    "Seconds per decision": "Segundos por decisión",
    "Minutes per person": "Minutos por persona",
    "Increment (seconds added after each decision)": "Incremento (segundos añadidos tras cada decisión)",
    "Away limit (seconds)": "Límite de ausencia (segundos)",
    "How long a person whose decision is open may stay away before the others may claim the game.":
      "Cuánto tiempo puede ausentarse una persona con una decisión pendiente antes de que los demás puedan reclamar la partida.",
    "Public: list the free seats in the lobby so strangers can join": "Pública: mostrar los asientos libres en el inicio para que se una cualquiera",
    "Open games": "Partidas abiertas",
    "Public games with a free seat. Join one under a name.": "Partidas públicas con un asiento libre. Únete con un nombre.",
    "No open games right now.": "Ahora no hay partidas abiertas.",
    "Refresh": "Actualizar",
    "Join as {seat}": "Unirse como {seat}",
    "Join {title} as {seat}": "Unirse a {title} como {seat}",
    "Your name": "Tu nombre",
    "Join": "Unirse",
    "Cancel": "Cancelar",
    "free seat": "asiento libre",
    "cannot load the open games: {message}": "no se pueden cargar las partidas abiertas: {message}",
    "Players: {names}": "Jugadores: {names}",
    "a name is needed to join": "hace falta un nombre para unirse",
    // game page
    "brawl: game": "brawl: partida",
    "Skip to your decisions": "Saltar a tus decisiones",
    "Skip to the table": "Saltar a la mesa",
    "Skip to the result": "Saltar al resultado",
    "connecting…": "conectando…",
    "connected": "conectado",
    "disconnected": "desconectado",
    "offline — reconnecting…": "sin conexión — reconectando…",
    "reconnecting…": "reconectando…",
    "not connected": "sin conexión",
    "The table": "La mesa",
    "Table": "Mesa",
    "Your turn, decisions, dice and log": "Tu turno, decisiones, dados y registro",
    "Your decision": "Tu decisión",
    "Your decision (not now)": "Tu decisión (ahora no)",
    "Keys: 1 to 9, then a to z, choose the decision marked with that key.": "Teclas: de 1 a 9 y luego de la a a la z eligen la decisión marcada con esa tecla.",
    "Decision": "Decisión",
    "Send": "Enviar",
    "Type a decision; the rules check it.": "Escribe una decisión; las reglas la comprueban.",
    "Type a decision with the keyboard": "Escribir una decisión con el teclado",
    "The board offers every decision. Here one may be typed as the game's record writes it; the rules check it.":
      "El tablero ofrece todas las decisiones. Aquí se puede escribir una tal como la escribe el registro de la partida; las reglas la comprueban.",
    "Rematch": "Revancha",
    "Go to the rematch": "Ir a la revancha",
    "Download the game record": "Descargar el registro de la partida",
    "Replay": "Repetición",
    "Check the dice yourself:": "Comprueba los dados tú mismo:",
    "Last roll": "Última tirada",
    "The dice of the last roll": "Los dados de la última tirada",
    "Skip dice animation": "Saltar la animación de los dados",
    "Log": "Registro",
    "Show older lines": "Mostrar líneas anteriores",
    "Settings and fair dice": "Ajustes y dados justos",
    "Show hints (win chance with best play)": "Mostrar pistas (probabilidad de ganar jugando perfecto)",
    "Animate dice": "Animar los dados",
    "Beep when it is my turn": "Pitar cuando me toque",
    "Dice commitment (SHA-256 of the secret seed):": "Compromiso de los dados (SHA-256 de la semilla secreta):",
    "Revealed seed:": "Semilla revelada:",
    "Spectator link": "Enlace de espectador",
    "You are watching (spectator)": "Estás mirando (espectador)",
    "You are {name}": "Eres {name}",
    "(you)": "(tú)",
    "(bot: {bot})": "(bot: {bot})",
    "Players": "Jugadores",
    "Each player's state": "El estado de cada jugador",
    "Game state": "Estado de la partida",
    "status": "estado",
    "Game over: {names} wins.": "Fin de la partida: gana {names}.",
    "Game over: {names} win.": "Fin de la partida: ganan {names}.",
    "Game over: a draw, no winner.": "Fin de la partida: empate, sin ganador.",
    "Your reaction: {prompt}": "Tu reacción: {prompt}",
    "Your secret choice: {prompt}": "Tu elección secreta: {prompt}",
    "Your turn: {prompt}": "Tu turno: {prompt}",
    "Your turn: choose a decision.": "Tu turno: elige una decisión.",
    "decide": "decide",
    "choose": "elige",
    "Hidden until all have chosen.": "Oculto hasta que todos hayan elegido.",
    "Waiting for {names} to choose in secret…": "Esperando a que {names} elija en secreto…",
    "Waiting for {names}…": "Esperando a {names}…",
    " and ": " y ",
    "Rolling…": "Tirando…",
    "Time left for this decision: {s} s": "Tiempo para esta decisión: {s} s",
    "Time is up: the server decides for whoever has not chosen.": "Se acabó el tiempo: el servidor decide por quien no haya elegido.",
    "Decide on the board.": "Decide en el tablero.",
    "Nothing to decide now.": "Nada que decidir ahora.",
    "Do it": "Hacerlo",
    "{label} ({n} choices)": "{label} ({n} opciones)",
    "Draw": "Empate",
    "{names} wins": "Gana {names}",
    "{names} win": "Ganan {names}",
    "You won (shared)": "Has ganado (compartido)",
    "You won!": "¡Has ganado!",
    "You lost": "Has perdido",
    "{names} won.": "Ganó {names}.",
    "No winner.": "Sin ganador.",
    "Why it ended: {reason}": "Por qué terminó: {reason}",
    "roll": "tirada",
    "rolling…": "tirando…",
    "you are offline, so the decision was not sent; make it again once the page says connected":
      "no tienes conexión, así que la decisión no se envió; repítela cuando la página diga conectado",
    "no answer from the server; check the connection and decide again": "el servidor no responde; comprueba la conexión y decide de nuevo",
    "connection lost; decide again once connected": "se perdió la conexión; decide de nuevo cuando vuelva",
    "the server cannot be reached": "no se puede contactar con el servidor",
    "Your takeback was refused.": "Rechazaron tu petición de deshacer.",
    "the server cannot be reached, so the decision was not sent; make it again once the page says connected":
      "no se puede contactar con el servidor, así que la decisión no se envió; repítela cuando la página diga conectado",
    "Your turn — brawl": "Te toca — brawl",
    "Game over: {title} — brawl": "Fin de la partida: {title} — brawl",
    "{title} — brawl": "{title} — brawl",
    "Hints unavailable: {message}": "Pistas no disponibles: {message}",
    "Hints: chance of winning with best play after each decision.": "Pistas: probabilidad de ganar jugando perfecto tras cada decisión.",
    "win {p}%": "gana {p}%",
    "no room in this address": "no hay sala en esta dirección",
    "this invite link has no seat token (#t=…); ask for the link again or watch as a spectator":
      "este enlace de invitación no tiene la clave del asiento (#t=…); pide el enlace otra vez o mira como espectador",
    // names
    "What name should the others see?": "¿Qué nombre verán los demás?",
    "Name": "Nombre",
    "At most {n} characters. Remembered in this browser for next time.": "Como mucho {n} caracteres. Este navegador lo recordará para la próxima vez.",
    "Save name": "Guardar nombre",
    "Skip": "Omitir",
    "Change my name": "Cambiar mi nombre",
    "Set my name": "Poner mi nombre",
    "a name cannot be empty": "el nombre no puede estar vacío",
    "a name is at most {n} characters": "un nombre tiene como mucho {n} caracteres",
    // chat
    "Chat": "Chat",
    "Chat ({n} new)": "Chat ({n} nuevos)",
    "No messages yet.": "Aún no hay mensajes.",
    "Message": "Mensaje",
    "Enter sends. {used} of {max} characters.": "Intro envía. {used} de {max} caracteres.",
    "Spectators read the chat; only players write in it.": "Los espectadores leen el chat; solo los jugadores escriben.",
    "{name} says: {text}": "{name} dice: {text}",
    "the message is empty": "el mensaje está vacío",
    "a chat line is at most {n} characters": "una línea de chat tiene como mucho {n} caracteres",
    "Chat messages": "Mensajes del chat",
    // clocks and claims
    "Clocks": "Relojes",
    "out of time": "sin tiempo",
    "running": "en marcha",
    "{name}: {time} left": "{name}: quedan {time}",
    "Claim the game": "Reclamar la partida",
    "{names} ran out of time: you may claim the game.": "A {names} se le acabó el tiempo: puedes reclamar la partida.",
    "{names} is away while it is their decision: you may claim the game once the away limit has passed.":
      "{names} está ausente con una decisión pendiente: puedes reclamar la partida cuando pase el límite de ausencia.",
    // takebacks
    "Take back my last decision": "Deshacer mi última decisión",
    "{name} wants to take back their last decision: allow?": "{name} quiere deshacer su última decisión: ¿lo permites?",
    "Allow": "Permitir",
    "Refuse": "Rechazar",
    "Waiting for the others to allow your takeback…": "Esperando a que los demás permitan deshacer…",
    "Your last decision was taken back.": "Se deshizo tu última decisión.",
    "The takeback was refused.": "Se rechazó deshacer la decisión.",
    // dice check
    "Verify the dice": "Verificar los dados",
    "Checking the commitment and recomputing every roll…": "Comprobando el compromiso y recalculando cada tirada…",
    "The dice could not be checked: {message}": "No se pudieron comprobar los dados: {message}",
    "No dice were rolled in this game.": "En esta partida no se tiraron dados.",
    "All {n} rolls verified.": "Las {n} tiradas verificadas.",
    "All 1 roll verified.": "La única tirada, verificada.",
    "This record does NOT verify: replayed from its seed it disagrees at step {step}: {problem}.":
      "Este registro NO se verifica: reproducido desde su semilla, discrepa en el paso {step}: {problem}.",
    "This record does NOT verify: {problem}.": "Este registro NO se verifica: {problem}.",
    "Each recorded roll follows from the seed, but that is not enough: the whole record must replay.":
      "Cada tirada registrada sale de la semilla, pero no basta: el registro entero debe reproducirse.",
    "Every decision replays exactly from the seed.": "Cada decisión se reproduce exactamente desde la semilla.",
    "The decisions could not be played again here ({problem}), so the record is not verified.":
      "Aquí no se pudieron volver a jugar las decisiones ({problem}), así que el registro no está verificado.",
    "The rolls were not recomputed here: {message}.": "Aquí no se recalcularon las tiradas: {message}.",
    "Show step {step}": "Ver el paso {step}",
    "it is not the record the server checked": "no es el registro que comprobó el servidor",
    "{step} of {steps}: this step does not replay": "{step} de {steps}: este paso no se reproduce",
    "The revealed seed matches the commitment shown at the start.": "La semilla revelada coincide con el compromiso mostrado al principio.",
    "The revealed seed (with the game, options and seats) does NOT match the commitment shown at the start.":
      "La semilla revelada (con el juego, las opciones y los asientos) NO coincide con el compromiso mostrado al principio.",
    // replay page
    "brawl: replay": "brawl: repetición",
    "Skip to the replay controls": "Saltar a los controles de la repetición",
    "· Replay": "· Repetición",
    "Replay a game record": "Reproducir un registro de partida",
    "Game record (JSON)": "Registro de partida (JSON)",
    "Back to the lobby": "Volver al inicio",
    "Replay controls": "Controles de la repetición",
    "Start": "Inicio",
    "Back": "Atrás",
    "Forward": "Adelante",
    "End": "Final",
    "Start of the game": "Principio de la partida",
    "One step back": "Un paso atrás",
    "One step forward": "Un paso adelante",
    "End of the game": "Final de la partida",
    "Step": "Paso",
    "Keys: ← and → step back and forward, Home and End jump to the start and the end.":
      "Teclas: ← y → retroceden y avanzan un paso; Inicio y Fin saltan al principio y al final.",
    "Log up to this step": "Registro hasta este paso",
    "Fair dice": "Dados justos",
    "Check the seed revealed at the end against the commitment shown at the start, recompute every roll from it and play every decision again: only a record that replays whole is verified.":
      "Comprueba la semilla revelada al final con el compromiso mostrado al principio, recalcula con ella cada tirada y vuelve a jugar cada decisión: solo se da por verificado un registro que se reproduce entero.",
    "Choose a brawl game record (the JSON file from “Download the game record” or": "Elige un registro de partida de brawl (el archivo JSON de «Descargar el registro de la partida» o",
    "). The server replays it step by step and keeps nothing.": "). El servidor lo reproduce paso a paso y no guarda nada.",
    "· Replay of {title}": "· Repetición de {title}",
    "game {room}": "partida {room}",
    "{step} of {steps}": "{step} de {steps}",
    "{step} of {steps}, the end": "{step} de {steps}, el final",
    "Nothing has happened yet.": "Aún no ha pasado nada.",
    "This game shows no table of players.": "Este juego no muestra una tabla de jugadores.",
    "Watch it live": "Verla en directo",
    "The game's page": "La página de la partida",
    "Replay a record file": "Reproducir un archivo de registro",
    "Replaying {file}": "Reproduciendo {file}",
    "This decision is made on the board.": "Esta decisión se toma en el tablero.",
    "Go to it": "Ir allí",
    // board gestures (board.js)
    "Zoom": "Zoom",
    "Zoom in": "Acercar",
    "Zoom out": "Alejar",
    "Reset zoom": "Zoom original",
    "Whole table": "Mesa entera",
    // the Kniggits board
    "{name}'s edge": "Borde de {name}",
    "obstacle": "obstáculo",
    "potion +{n} {power}": "poción +{n} {power}",
    "{name}'s flag": "bandera de {name}",
    "(archer)": "(arquero)",
    "(two swords)": "(dos espadas)",
    "{move} move, {attack} attack, {defense} defense": "{move} de movimiento, {attack} de ataque, {defense} de defensa",
    "fleeing": "huyendo",
    "carrying {item}": "lleva {item}",
    "facing {id}": "encara a {id}",
    "at ({x}, {y})": "en ({x}, {y})",
    "bow": "arco",
    "Select to move": "Selecciónalo para moverlo",
    "{id} selected: it may move {n} in. Click or tap where it should go.": "{id} seleccionado: puede moverse {n} pulg. Haz clic o toca donde debe ir.",
    "ruler: {n} in of {max} in": "regla: {n} pulg de {max} pulg",
    "too far": "demasiado lejos",
    "crosses an obstacle": "atraviesa un obstáculo",
    "off the table": "fuera de la mesa",
    "stops at ({x}, {y}), in combat with {id}": "se detiene en ({x}, {y}), en combate con {id}",
    "starts in combat: only straight away from {ids}": "empieza en combate: solo en línea recta alejándose de {ids}",
    "Not a legal move: tap elsewhere.": "No es un movimiento legal: toca en otro sitio.",
    "Tap again or press Move here to go.": "Toca otra vez o pulsa Mover aquí para ir.",
    "Move {id} here ({n} in)": "Mover {id} aquí ({n} pulg)",
    "{id} moved": "{id} se ha movido",
    "Last fight: {text}": "Último combate: {text}",
    "Your hands are sealed ({hands}); waiting for the other side.": "Tus manos están selladas ({hands}); esperando al otro bando.",
    "Fight {pair}": "Combate {pair}",
    "{mine} against {foe}: choose both hands in secret; they are shown together.": "{mine} contra {foe}: elige las dos manos en secreto; se muestran a la vez.",
    "First sword": "Primera espada",
    "Second sword": "Segunda espada",
    "Sword hand": "Mano de la espada",
    "Shield hand": "Mano del escudo",
    "high": "alto",
    "middle": "medio",
    "low": "bajo",
    "nothing": "nada",
    "guard high": "guardia alta",
    "guard middle": "guardia media",
    "guard low": "guardia baja",
    "Show hands": "Mostrar las manos",
    "No time limit.": "Sin límite de tiempo.",
    "time left": "tiempo restante",
    "{s} s left": "quedan {s} s",
    "Time is up: hands not shown count as none.": "Se acabó el tiempo: las manos no mostradas cuentan como ninguna.",
    "Your kniggits ({kniggit} points each, {token} a token)": "Tus kniggits ({kniggit} puntos cada uno, {token} por ficha)",
    "move": "movimiento",
    "movement": "movimiento",
    "attack": "ataque",
    "defense": "defensa",
    "archer": "arquero",
    "position": "posición",
    "kniggit {n} {stat}": "kniggit {n}: {stat}",
    "kniggit {n} is an archer": "el kniggit {n} es arquero",
    "click the table…": "haz clic en la mesa…",
    "({x}, {y}) place": "({x}, {y}) colocar",
    "remove kniggit {n}": "quitar el kniggit {n}",
    "Add a kniggit": "Añadir un kniggit",
    "Send this army (sealed)": "Enviar este ejército (sellado)",
    "Build your army": "Forma tu ejército",
    // Kniggits on a real table (games/kniggits-real.js)
    "On the real table": "En la mesa de verdad",
    "Move your kniggits on your table with the ruler ({n} in a movement token, at most 12; combat at {ring} in), then say here what happened to each, and end the moving phase.":
      "Mueve tus kniggits en tu mesa con la regla ({n} pulg por ficha de movimiento, como mucho 12; combate a {ring} pulg), luego di aquí qué pasó con cada uno y termina la fase de movimiento.",
    "Say what happened to each kniggit you moved on its card above, then end the moving phase.":
      "Di qué pasó con cada kniggit que moviste en su ficha de arriba y luego termina la fase de movimiento.",
    "gone": "fuera",
    "moved": "movido",
    "In combat with {ids}": "En combate con {ids}",
    "{id} (facing)": "{id} (encarado)",
    "Not in combat": "Fuera de combate",
    "Which enemy {id} reached": "A qué enemigo alcanzó {id}",
    "Reached": "Alcanzó a",
    "Also reached": "También alcanzó a",
    "Moved, not in combat": "Se movió, sin combate",
    "Left combat": "Salió del combate",
    "Ran off the table": "Salió de la mesa",
    "Face {id}": "Encarar a {id}",
    "Second blow at {id}": "Segundo golpe a {id}",
    "Shoot at {id}": "Disparar a {id}",
    "Points: {used} of {total}": "Puntos: {used} de {total}",
    "(too many)": "(demasiados)",
    "Every kniggit needs a token of each colour or it runs away. Place them within {n} in of your edge. Or take a ready-made army from the buttons below.":
      "Cada kniggit necesita una ficha de cada color o huye. Colócalos a menos de {n} pulg de tu borde. O toma un ejército ya hecho con los botones de abajo.",
    "Click or tap one of your kniggits, then where it should go (on a touch screen: tap there again to confirm; Shift-click adds a turning point, Esc cancels). Or drag it. Finish with the decision that ends the moving phase.":
      "Haz clic o toca uno de tus kniggits y luego donde debe ir (en una pantalla táctil: toca allí otra vez para confirmar; Mayús+clic añade un punto de giro, Esc cancela). O arrástralo. Termina con la decisión que acaba la fase de movimiento.",
    "Turn your kniggits in combat to face one attacker each, then say you are done turning.":
      "Gira tus kniggits en combate para que encaren a un atacante cada uno y luego indica que has terminado de girar.",
    "The table, drawn to scale in inches": "La mesa, dibujada a escala en pulgadas",
    "Move here": "Mover aquí",
    "The table (scrolls when zoomed)": "La mesa (se desplaza con zoom)",
    "Fight": "Combate",
    "Army builder": "Formar el ejército",
    "What happened": "Qué ha pasado",
    // the Tactics board
    "flank": "flanco",
    "{hp} of {max} hit points": "{hp} de {max} puntos de golpe",
    "incapacitated": "incapacitado",
    "prone": "tumbado",
    "hidden": "oculto",
    "P (prone)": "T (tumbado)",
    "it is not your turn": "no es tu turno",
    "a wall": "un muro",
    "{name} stands there": "{name} está ahí",
    "no move is open now": "ahora no hay ningún movimiento posible",
    "out of reach this turn": "fuera de alcance este turno",
    "{square}: no move there ({why}).": "{square}: no se puede mover ahí ({why}).",
    "Point at a square to measure, click to move; on a touch screen tap a square to see the route, tap again to move.":
      "Señala una casilla para medir, haz clic para mover; en una pantalla táctil toca una casilla para ver la ruta y tócala otra vez para mover.",
    "{name} to {square}: {feet} ft": "{name} a {square}: {feet} pies",
    "provokes {n} attacks of opportunity": "provoca {n} ataques de oportunidad",
    "provokes an attack of opportunity": "provoca un ataque de oportunidad",
    "provokes nothing": "no provoca nada",
    "flanks {names}": "flanquea a {names}",
    "Move {name} here ({feet} ft)": "Mover a {name} aquí ({feet} pies)",
    "Nothing to do to this character from here.": "Desde aquí no se puede hacer nada a este personaje.",
    "Not your decision now.": "Ahora no te toca decidir.",
    "Round {n}:": "Ronda {n}:",
    "The battle begins.": "Empieza la batalla.",
    "dead": "muerto",
    "down": "caído",
    "Rolling initiative…": "Tirando la iniciativa…",
    "none": "ninguno",
    "(two hands)": "(a dos manos)",
    "sheath: {item}": "vaina: {item}",
    "{hp}/{max} hp": "{hp}/{max} pg",
    "Base attack {bab}; Fort {fort}, Ref {ref}, Will {will}; speed {speed} ft; armor {armor}, shield {shield}, max Dex {dex}.":
      "Ataque base {bab}; Fort {fort}, Ref {ref}, Vol {will}; velocidad {speed} pies; armadura {armor}, escudo {shield}, Des máx {dex}.",
    "Gear: {gear}": "Equipo: {gear}",
    "{n} shots": "{n} disparos",
    "Spells: {spells}.": "Conjuros: {spells}.",
    "Concentration {c}, Heal {h}": "Concentración {c}, Sanar {h}",
    "sneak attack {n}d6": "ataque furtivo {n}d6",
    "The battle map in five-foot squares": "El mapa de batalla en casillas de cinco pies",
    "The battle": "La batalla",
    "The map (scrolls inside this box)": "El mapa (se desplaza dentro de este recuadro)",
    "Hatched squares are in an enemy's melee range. Outlined squares are where the character on turn can move: solid is safe, dashed provokes attacks of opportunity; \"flank\" marks squares that flank an enemy. Click a square (or drag the token on turn) to move; on a touch screen tap once to see the route and again to move. A token lists what you can do to it; Shift-click a square to aim a fireball there. Pinch or the zoom buttons zoom the map.":
      "Las casillas rayadas están al alcance cuerpo a cuerpo de un enemigo. Las casillas con borde son adonde puede moverse el personaje en turno: continuo es seguro, discontinuo provoca ataques de oportunidad; «flanco» marca las casillas que flanquean a un enemigo. Haz clic en una casilla (o arrastra la ficha en turno) para mover; en una pantalla táctil toca una vez para ver la ruta y otra para mover. Una ficha muestra lo que puedes hacerle; Mayús+clic en una casilla apunta allí una bola de fuego. Pellizca o usa los botones de zoom para ampliar el mapa.",
    "Initiative this round": "Iniciativa de esta ronda",
    "Character sheets": "Hojas de personaje",
    // accounts: the lobby's account and pairing panels, challenges, profiles, leaderboards
    "Your account": "Tu cuenta",
    "Signed in as": "Has entrado como",
    "Profile and ratings": "Perfil y puntuaciones",
    "Leaderboards": "Clasificaciones",
    "Leaderboard": "Clasificación",
    "Log out": "Salir",
    "Log in": "Entrar",
    "Sign up": "Crear cuenta",
    "Username": "Nombre de usuario",
    "Password (8 characters or more)": "Contraseña (8 caracteres o más)",
    "Optional: guests play as before. An account keeps your games and a rating per game, and finds you opponents of your strength.":
      "Opcional: los invitados juegan como siempre. Una cuenta guarda tus partidas y una puntuación por juego, y te busca rivales de tu nivel.",
    "Quick pairing": "Emparejamiento rápido",
    "Paired with the waiting player closest to your rating; the range widens while you wait.":
      "Te empareja con quien espera con la puntuación más cercana a la tuya; el margen se amplía mientras esperas.",
    "Rated (changes both players' ratings)": "Puntuable (cambia la puntuación de ambos)",
    "Find an opponent": "Buscar rival",
    "Paired: opening your game…": "Emparejado: abriendo tu partida…",
    "Waiting for an opponent: {n} waiting for this game; ratings within {w} of yours.":
      "Esperando rival: {n} esperando este juego; puntuaciones a menos de {w} de la tuya.",
    "Challenge": "Desafío",
    "Challenge {name}": "Desafiar a {name}",
    "Send {name} this link to accept:": "Envía a {name} este enlace para aceptar:",
    "A challenge": "Un desafío",
    "{name} challenges you to a rated game of {game}.": "{name} te desafía a una partida puntuable de {game}.",
    "{name} challenges you to a game of {game}.": "{name} te desafía a una partida de {game}.",
    "Log in or sign up below to accept.": "Entra o crea una cuenta abajo para aceptar.",
    "Accept": "Aceptar",
    "Ratings": "Puntuaciones",
    "No rated games yet.": "Aún no hay partidas puntuables.",
    "Rated games: {games}; won {w}, lost {l}, drawn {d} (deviation {dev}{prov})":
      "Partidas puntuables: {games}; ganadas {w}, perdidas {l}, empatadas {d} (desviación {dev}{prov})",
    ", provisional": ", provisional",
    "Rating over time in {game}": "Puntuación a lo largo del tiempo en {game}",
    "rated": "puntuable",
    "in progress": "en curso",
    "1 game played": "1 partida jugada",
    "{n} games played": "{n} partidas jugadas",
    "Recent games": "Partidas recientes",
    "No games yet.": "Aún no hay partidas.",
    "Games": "Partidas",
    "Player": "Jugador",
    "Rating": "Puntuación",
    "{bot} bot": "bot {bot}",
    "about {r}": "unos {r}",
    "(about {r})": "(unos {r})",
    // friends at one table
    // the game review and its puzzles
    "Game review": "Análisis de la partida",
    "Win chance over the game, one line per player": "Probabilidad de ganar a lo largo de la partida, una línea por jugador",
    "Step {step}": "Paso {step}",
    "95% interval": "intervalo del 95 %",
    "Start: {start}": "Inicio: {start}",
    "best": "mejor",
    "good": "buena",
    "inaccuracy": "imprecisión",
    "mistake": "error",
    "blunder": "error grave",
    "Accuracy": "Precisión",
    "Luck": "Suerte",
    "Skill": "Habilidad",
    "Result": "Resultado",
    "Other": "Otro",
    "No decision lost more than 2 points of win chance.": "Ninguna decisión perdió más de 2 puntos de probabilidad de ganar.",
    "Judged decisions": "Decisiones juzgadas",
    "Show only the decisions that lost": "Mostrar solo las decisiones que perdieron",
    "Show every decision ({n})": "Mostrar todas las decisiones ({n})",
    "Rolls that moved the game most:": "Tiradas que más movieron la partida:",
    "Rings mark the decisions that lost (larger: worse); ticks under the graph are the dice.":
      "Los anillos marcan las decisiones que perdieron (más grandes: peores); las marcas bajo la gráfica son los dados.",
    "Luck: what the dice moved a player's win chance; skill: what the others' decisions lost minus what one's own lost; in points of win chance.":
      "Suerte: cuánto movieron los dados la probabilidad de ganar de un jugador; habilidad: lo que perdieron las decisiones de los demás menos lo que perdieron las propias; en puntos de probabilidad de ganar.",
    "Other: what luck and skill leave of the result (choices made at the same time as a hidden one are not judged; an estimate's playouts are noisy; a game ended by a claim).":
      "Otro: lo que la suerte y la habilidad dejan del resultado (las elecciones hechas a la vez que una oculta no se juzgan; las partidas simuladas de una estimación tienen ruido; una partida terminada por reclamación).",
    "Practise your mistake (1 puzzle)": "Practica tu error (1 problema)",
    "Practise your mistakes ({n} puzzles)": "Practica tus errores ({n} problemas)",
    "estimated": "estimado",
    "Working out the review by playouts: step {done} of {total}": "Calculando el análisis con partidas simuladas: paso {done} de {total}",
    "Loading the game review…": "Cargando el análisis de la partida…",
    "No review: {why}": "Sin análisis: {why}",
    "win chance {p}": "probabilidad de ganar {p}",
    "Solved: {label} keeps {p}.": "Resuelto: {label} conserva {p}.",
    "Not quite: {label} gives {p}; best is {best} with {bp}.": "No del todo: {label} da {p}; lo mejor es {best}, con {bp}.",
    "exact win chances": "probabilidades de ganar exactas",
    "estimated win chances": "probabilidades de ganar estimadas",
    "{title}: you are {seat}": "{title}: eres {seat}",
    "in the game: {taken} ({judgement})": "en la partida: {taken} ({judgement})",
    "See it in the replay": "Verlo en la repetición",
    "Skip to the content": "Saltar al contenido",
    "· Practise your mistakes": "· Practica tus errores",
    "Positions where a player lost the most win chance in a finished game. Choose what you would do: the page then shows each decision's exact win chance.":
      "Posiciones en las que un jugador perdió más probabilidad de ganar en una partida terminada. Elige qué harías: la página muestra entonces la probabilidad exacta de ganar de cada decisión.",
    "Other puzzles": "Otros problemas",
    "This game left no mistakes to practise.": "Esta partida no dejó errores que practicar.",
    "No puzzles yet: they come from finished games whose review found a mistake.":
      "Aún no hay problemas: salen de partidas terminadas en cuyo análisis hubo algún error.",
    "QR code": "Código QR",
    "{drawn} rolls drawn by the server verified; {entered} entered at the table, taken as given.":
      "{drawn} tiradas hechas por el servidor verificadas; {entered} introducidas en la mesa, tomadas como dadas.",
    "Hide QR code": "Ocultar código QR",
    "{name}'s invite link": "Enlace de invitación de {name}",
    "This link names this computer as 127.0.0.1, which phones cannot open: start the server with --host 0.0.0.0 and open the lobby at the address it prints.":
      "Este enlace nombra este ordenador como 127.0.0.1, que los móviles no pueden abrir: arranca el servidor con --host 0.0.0.0 y abre el inicio en la dirección que muestra.",
    "The QR code could not be made: {why}": "No se pudo hacer el código QR: {why}",
    "Dice": "Dados",
    "The server rolls (committed dice)": "Tira el servidor (dados comprometidos)",
    "We roll real dice at the table": "Tiramos dados de verdad en la mesa",
    "With real dice the game names each roll and you tap the face your die shows.":
      "Con dados de verdad, la partida dice cada tirada y tocas la cara que muestra tu dado.",
    "At one table:": "En una mesa:",
    "Play every seat on this device": "Jugar todos los puestos en este dispositivo",
    "Pass it round: the page plays whoever decides now and hides secret choices.":
      "Pasadlo de mano en mano: la página juega por quien decide ahora y oculta las elecciones secretas.",
    "Roll {die} for {label}": "Tira {die} para {label}",
    "Roll {die}": "Tira {die}",
    "{name} rolls {die} for {label}": "{name} tira {die} para {label}",
    "{name} rolls {die}": "{name} tira {die}",
    "The faces of the {die}: tap the one the die shows": "Las caras del {die}: toca la que muestra el dado",
    "The die shows {face}": "El dado muestra {face}",
    "Roll for me": "Tira por mí",
    "Roll a real die and tap the face it shows; anyone at the table may enter it. \"Roll for me\" lets the server roll this one from its committed dice.":
      "Tira un dado de verdad y toca la cara que muestra; cualquiera en la mesa puede anotarla. «Tira por mí» deja que el servidor tire esta con sus dados comprometidos.",
    "Pass the phone to {name}": "Pasa el móvil a {name}",
    "{name}'s choice is secret: nobody else looks until it is made.": "La elección de {name} es secreta: nadie más mira hasta que la haga.",
    "I am {name}": "Soy {name}",
    "The clock ({s} s) starts when {name} taps the button: nobody's time runs while the phone goes round.":
      "El reloj ({s} s) empieza cuando {name} toca el botón: el tiempo de nadie corre mientras pasa el móvil.",
    "{s} s from when you take the phone.": "{s} s desde que tomas el móvil.",
    "{name}'s decision": "Decide {name}",
    "Game sheet": "Hoja de partida",
    "Show the odds of each decision": "Mostrar las probabilidades de cada decisión",
    "Show the best decision (win chance with best play)": "Mostrar la mejor decisión (probabilidad de ganar jugando lo mejor)",
    "{name} may {what}": "{name} puede: {what}",
    "The game is over.": "La partida ha terminado.",
    "Roll": "Tirada",
    "{who}: roll {die} for {label}": "{who}: tira {die} para {label}",
    "{names} may react now: {prompt}": "{names} puede reaccionar ahora: {prompt}",
    "{names} choose in secret: {prompt}": "{names} elige en secreto: {prompt}",
    "{names} to decide: {prompt}": "Decide {names}: {prompt}",
    "{names} to decide.": "Decide {names}.",
    "Turn order: {names}": "Orden de turno: {names}",
    "No rated games of this game yet.": "Aún no hay partidas puntuables de este juego.",
    "Bots on the same scale": "Los bots en la misma escala",
    "Measured by the bot ladder; a new player starts at 1500 with a wide deviation (\"?\").":
      "Medidas con la liga de bots; un jugador nuevo empieza en 1500 con una desviación amplia («?»).",
    "Loading…": "Cargando…",
  };

  const DICTS = { en: {}, es };

  function pick() {
    let chosen = null;
    try { chosen = localStorage.getItem(KEY); } catch (e) { chosen = null; }
    if (chosen && DICTS[chosen]) return chosen;
    const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (const l of langs) {
      const base = String(l).toLowerCase().split("-")[0];
      if (DICTS[base]) return base;
    }
    return "en";
  }

  brawl.lang = pick();
  document.documentElement.lang = brawl.lang;

  // The games' text, from the server's catalogue of the page's game (brawl/core/i18n.py: English
  // templates with blanks, compiled to patterns; a page gets it in <script id="words"> or from
  // GET /api/games/GAME/words).  brawl.t looks here too, after the interface's own entries.
  const GAME = { exact: {}, names: {}, templates: [] };
  const memo = new Map();

  brawl.addWords = function (words) {
    if (!words || brawl.lang === "en") return;
    Object.assign(GAME.exact, words.exact || {});
    Object.assign(GAME.names, words.names || {});
    for (const [pattern, other, blanks, kinds, weight] of words.templates || []) {
      GAME.templates.push({ regex: new RegExp(pattern, "s"), other, blanks, kinds, weight });
    }
    GAME.templates.sort((a, b) => b.weight - a.weight);  // stable: as the server ordered them
    memo.clear();
  };

  // a name: translated only when the catalogue's names have it ("Player 2" -> "Jugador 2")
  brawl.trName = function (text) {
    if (brawl.lang === "en" || typeof text !== "string") return text;
    if (text in GAME.names) return GAME.names[text];
    if (text.includes(", ")) return text.split(", ").map(brawl.trName).join(", ");  // a list of names
    const m = /^(.*?)(\s*\d+)$/s.exec(text);
    if (m && m[1] in GAME.names) return GAME.names[m[1]] + m[2];
    return text;
  };

  // one of the names table's names, or a list of them
  function isName(text) {
    return text.split(", ").every((part) => {
      const m = /^(.*?)(\s*\d+)$/s.exec(part);
      return part in GAME.names || !!(m && m[1] in GAME.names);
    });
  }

  const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;
  function match(text, depth) {
    if (text in GAME.exact) return GAME.exact[text];
    for (const tp of GAME.templates) {
      const m = tp.regex.exec(text);
      if (!m) continue;
      const filled = {};
      let ok = true;
      for (let i = 0; i < tp.blanks.length && ok; i++) {
        const value = m[i + 1];
        if (tp.kinds[i] === "number") filled[tp.blanks[i]] = value;
        else if (tp.kinds[i] === "name") filled[tp.blanks[i]] = brawl.trName(value);
        else {
          const inner = translate(value, depth + 1);
          if (inner === null) ok = false;
          else filled[tp.blanks[i]] = inner;
        }
      }
      if (ok) return tp.other.replace(/\{(\w+)\}/g, (x, name) => filled[name]);
    }
    return null;
  }

  function translate(text, depth) {
    if (text in GAME.exact) return GAME.exact[text];
    if (text === "") return "";
    if (depth > 12) return null;
    if (NUMBER.test(text)) return text;
    if (isName(text)) return brawl.trName(text);  // a name and nothing else ("Player 2", "Ada", "Player 1, Player 3")
    let found = match(text, depth);
    const first = text.charAt(0);
    if (found === null && first !== first.toLowerCase()) {
      const lower = match(first.toLowerCase() + text.slice(1), depth);
      if (lower !== null) found = lower.charAt(0).toUpperCase() + lower.slice(1);
    }
    return found;
  }

  // a game's text (a prompt, a label, a log line) in the page's language; as it is when the
  // catalogue does not make it
  brawl.tr = function (text) {
    if (brawl.lang === "en" || typeof text !== "string" || !text) return text;
    if (memo.has(text)) return memo.get(text);
    let out = DICTS[brawl.lang][text];
    if (out === undefined) out = translate(text, 0);
    if (out === null) out = text;
    if (memo.size > 5000) memo.clear();
    memo.set(text, out);
    return out;
  };

  // a view (GET /api/rooms/ID) with its texts in the page's language: the same object in English
  brawl.localView = function (v) {
    if (brawl.lang === "en" || !v) return v;
    const tr = brawl.tr;
    const out = Object.assign({}, v);
    out.title = tr(v.title);
    if (v.node) out.node = Object.assign({}, v.node, { prompt: tr(v.node.prompt) });
    if (v.legal) out.legal = v.legal.map((d) => Object.assign({}, d, { label: tr(d.label), odds: d.odds ? tr(d.odds) : d.odds }));
    if (v.status_rows) {
      out.status_rows = v.status_rows.map((row) => {
        const r = {};
        for (const [k, val] of Object.entries(row)) r[tr(k)] = typeof val === "string" ? tr(val) : val;
        return r;
      });
    }
    out.summary = tr(v.summary);
    if (v.seats) out.seats = v.seats.map((s) => Object.assign({}, s, { name: brawl.trName(s.name) }));
    return out;
  };

  brawl.t = function (key, params) {
    let text = DICTS[brawl.lang][key];
    if (text === undefined && brawl.lang !== "en" && key in GAME.exact) text = GAME.exact[key];
    if (text === undefined) text = key;
    if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
    return text;
  };

  brawl.setLang = function (lang) {
    if (!DICTS[lang]) return;
    try { localStorage.setItem(KEY, lang); } catch (e) { /* not kept */ }
    window.location.reload();  // every page redraws itself from the server in the new language
  };

  const squash = (s) => s.replace(/\s+/g, " ").trim();

  // the page's own fixed text, in the chosen language
  brawl.translatePage = function (root) {
    if (brawl.lang === "en") return;  // the pages are written in English: nothing to do (and no layout touched)
    (root || document).querySelectorAll("[data-i18n]").forEach((node) => {
      const key = node.dataset.i18nKey || squash(node.textContent);
      node.dataset.i18nKey = key;
      const text = brawl.t(key);
      if (node.textContent !== text) node.textContent = text;  // English pages stay as they are
    });
    (root || document).querySelectorAll("[data-i18n-attr]").forEach((node) => {
      for (const attr of node.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
        const stored = `i18n${attr.replace(/-(\w)/g, (m, c) => c.toUpperCase())}`;
        const key = node.dataset[stored] || node.getAttribute(attr);
        if (key === null) continue;
        node.dataset[stored] = key;
        const text = brawl.t(key);
        if (node.getAttribute(attr) !== text) node.setAttribute(attr, text);
      }
    });
    const title = document.querySelector("title");
    if (title && !title.dataset.i18nKey) { title.dataset.i18nKey = title.textContent; title.textContent = brawl.t(title.textContent); }
  };

  function mountSwitch() {
    const slot = document.getElementById("lang-slot") || document.querySelector("header.top");
    if (!slot || document.getElementById("lang")) return;
    const wrap = document.createElement("span");
    wrap.className = "lang";
    const label = document.createElement("label");
    label.htmlFor = "lang";
    label.className = slot.closest("header") ? "sr-only" : "lang-label";
    label.textContent = brawl.t("Language");
    const select = document.createElement("select");
    select.id = "lang";
    for (const [code, name] of Object.entries(NAMES)) {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      option.selected = code === brawl.lang;
      select.append(option);
    }
    select.addEventListener("change", () => brawl.setLang(select.value));
    wrap.append(label, select);
    slot.append(wrap);
  }

  const inline = document.getElementById("words");
  if (inline) { try { brawl.addWords(JSON.parse(inline.textContent)); } catch (e) { /* stays English */ } }
  brawl.translatePage();
  mountSwitch();
})();
