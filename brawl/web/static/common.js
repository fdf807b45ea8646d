// Shared helpers for the lobby and the game page: the HTTP API and small DOM builders.
"use strict";

window.brawl = window.brawl || {};
brawl.t = brawl.t || ((key, params) => key.replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? String(params[k]) : m)));

brawl.api = async function (method, path, body, token) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || brawl.t("request failed ({status})", { status: res.status }));
    err.status = res.status;
    throw err;
  }
  return data;
};

// el("button", {class: "x", onclick: f}, "text", child, ...)
brawl.el = function (tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
};

brawl.svg = function (tag, attrs) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
};

brawl.copyButton = function (text, label) {
  const button = brawl.el("button", { type: "button", class: "copy", "aria-label": label }, brawl.t("Copy link"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = brawl.t("Copied ✓");
    } catch (e) {
      // no clipboard permission: select the text so the user can copy it
      window.prompt(brawl.t("Copy this link:"), text);
    }
    setTimeout(() => { button.textContent = brawl.t("Copy link"); }, 2000);
  });
  return button;
};
