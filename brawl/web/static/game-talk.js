// The game page's talk around the table: the chat (its lines, the form that sends one, the count of
// unread lines in its title while it is folded) and the name a person goes by (asked once on
// arrival, beside the game and never over it; "Change my name" asks again).
//
// game.js calls brawl.gamePage.talk(page) once, before its first drawing; page gives roomId, $ and
// the getters view and token (the seat's token, which may change: one device for a table's seats).
// The part wires its own controls and returns addChat(lines, announce), renderChatForm(view),
// askName(view), nameAsked() (the page became another seat's: it asks no more) and chatLast (the
// newest chat line shown, which the socket's hello names).
"use strict";

brawl.gamePage = brawl.gamePage || {};

brawl.gamePage.talk = function (page) {
  const { api, el } = brawl;
  const t = brawl.t;
  const reveal = brawl.reveal;
  const { $, roomId } = page;

  // -- chat ------------------------------------------------------------------------------------------------
  const CHAT_MAX = 300;
  let chatLast = -1;
  let chatUnread = 0;

  function chatTime(at) {
    try { return new Date(at * 1000).toLocaleTimeString(brawl.lang, { hour: "2-digit", minute: "2-digit" }); } catch (e) { return ""; }
  }

  function addChat(lines, announce) {
    const view = page.view;
    const fresh = (lines || []).filter((l) => l.n > chatLast);
    if (!fresh.length) return;
    const list = $("chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const frag = document.createDocumentFragment();
    for (const l of fresh) {
      const mine = view && view.seat !== null && l.seat === view.seat;
      frag.append(el("li", { class: mine ? "mine" : "" },
        el("time", { class: "chat-at", datetime: new Date(l.at * 1000).toISOString() }, chatTime(l.at)), " ",
        el("span", { class: "chat-name" }, `${l.name}:`), " ", el("span", { class: "chat-text" }, l.text)));
      chatLast = Math.max(chatLast, l.n);
    }
    list.append(frag);
    $("chat-empty").hidden = true;
    if (atEnd || !announce) list.scrollTop = list.scrollHeight;
    if (!announce) return;
    const others = fresh.filter((l) => !(view && view.seat !== null && l.seat === view.seat));
    if (!others.length) return;
    const l = others[others.length - 1];
    $("chat-announce").textContent = t("{name} says: {text}", { name: l.name, text: l.text });
    if (!$("chat-panel").open) { chatUnread += others.length; chatTitle(); }
  }

  function chatTitle() {
    $("chat-title").textContent = chatUnread ? t("Chat ({n} new)", { n: chatUnread }) : t("Chat");
  }

  function renderChatForm(v) {
    const player = v.seat !== null;
    $("chat-form").hidden = !player;
    $("chat-readonly").hidden = player;
  }

  function chatHelp() {
    const used = $("chat-input").value.length;
    $("chat-help").textContent = t("Enter sends. {used} of {max} characters.", { used, max: CHAT_MAX });
  }

  function chatError(message) {
    const box = $("chat-error");
    box.textContent = message || "";
    box.hidden = !message;
    if (message) reveal(box);
  }

  async function sendChat(e) {
    e.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    chatError("");
    if (!text) { chatError(t("the message is empty")); return; }
    if (text.length > CHAT_MAX) { chatError(t("a chat line is at most {n} characters", { n: CHAT_MAX })); return; }
    const button = $("chat-form").querySelector("button");
    button.disabled = true;
    try {
      const line = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/chat`, { token: page.token, text });
      input.value = "";
      chatHelp();
      addChat([line], false);
    } catch (err) {
      chatError(err.message);
    } finally {
      button.disabled = false;
      input.focus();
    }
  }

  // -- the name a person goes by -------------------------------------------------------------------------
  const NAME = "brawl.name";
  const SKIPPED = "brawl.name-skipped";
  const NAME_MAX = 24;
  let nameAsked = false;
  let askedOnArrival = false;  // the name question opened by itself on arrival, still unanswered
  let beforeDialog = null;

  function skippedRooms() {
    try { return JSON.parse(localStorage.getItem(SKIPPED) || "[]"); } catch (e) { return []; }
  }

  function askName(v) {
    $("rename").hidden = v.seat === null;
    $("rename").textContent = t(v.seat !== null && v.seats[v.seat].player ? "Change my name" : "Set my name");
    // asked on arrival, and then the seat took its player's account name (accounts.js claims the
    // seat once the game is drawn): the question is answered, unless the player is typing an answer
    if (askedOnArrival && v.seat !== null && v.seats[v.seat].player && !$("name-dialog").hidden
        && document.activeElement !== $("name-input")) {
      askedOnArrival = false;
      closeNameDialog();
    }
    if (nameAsked || v.seat === null || v.over) return;
    nameAsked = true;
    if (v.seats[v.seat].player || skippedRooms().includes(`${roomId}:${v.seat}`)) return;
    askedOnArrival = true;
    openNameDialog(false);
  }

  // Asked on arrival beside the game, never over it (nothing is blocked), above the decision: the
  // question takes the focus (a screen reader says it; Escape skips it; the decision keys still
  // work), and "Change my name" puts the focus in the field.
  function openNameDialog(focus) {
    const view = page.view;
    const input = $("name-input");
    let stored = "";
    try { stored = localStorage.getItem(NAME) || ""; } catch (e) { stored = ""; }
    const current = view && view.seat !== null ? view.seats[view.seat].player : null;
    input.value = current || stored;
    $("name-help").textContent = t("At most {n} characters. Remembered in this browser for next time.", { n: NAME_MAX });
    nameError("");
    $("name-dialog").hidden = false;
    beforeDialog = document.activeElement;
    if (focus !== false) {
      input.focus();
      input.select();
    } else {
      $("name-dialog").focus({ preventScroll: true });
    }
    if (focus !== false) reveal($("name-dialog"));
  }

  function closeNameDialog() {
    const had = $("name-dialog").contains(document.activeElement);
    $("name-dialog").hidden = true;
    if (had && beforeDialog && document.contains(beforeDialog) && beforeDialog !== document.body) beforeDialog.focus();
    else if (had && !$("actions").hidden) $("actions").focus({ preventScroll: true });  // asked on arrival: on to the decisions
  }

  function nameError(message) {
    const box = $("name-error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  async function saveName(e) {
    e.preventDefault();
    const name = $("name-input").value.trim();
    if (!name) { nameError(t("a name cannot be empty")); return; }
    if (name.length > NAME_MAX) { nameError(t("a name is at most {n} characters", { n: NAME_MAX })); return; }
    try {
      await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/name`, { token: page.token, name });
      try { localStorage.setItem(NAME, name); } catch (err) { /* not kept */ }
      closeNameDialog();
    } catch (err) {
      nameError(err.message);
    }
  }

  function skipName() {
    const view = page.view;
    const key = `${roomId}:${view ? view.seat : ""}`;
    try { localStorage.setItem(SKIPPED, JSON.stringify([key, ...skippedRooms().filter((r) => r !== key)].slice(0, 50))); } catch (e) { /* not kept */ }
    closeNameDialog();
  }

  // -- controls ------------------------------------------------------------------------------------------
  $("chat-form").addEventListener("submit", sendChat);
  $("chat-input").addEventListener("input", () => { chatHelp(); if (!$("chat-error").hidden) chatError(""); });
  $("chat-panel").addEventListener("toggle", () => { if ($("chat-panel").open) { chatUnread = 0; chatTitle(); } });
  $("name-form").addEventListener("submit", saveName);
  $("name-skip").addEventListener("click", skipName);
  $("name-dialog").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); skipName(); } });
  $("rename").addEventListener("click", () => openNameDialog(true));
  chatHelp();

  return {
    addChat,
    renderChatForm,
    askName,
    nameAsked: () => { nameAsked = true; },
    get chatLast() { return chatLast; },
  };
};
