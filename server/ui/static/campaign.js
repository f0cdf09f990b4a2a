// skirmish campaigns (issue 37): the token-holding parts of the campaign
// pages, through the JSON API (docs/api.md, "Campaigns"). A token comes
// from the link's fragment (never sent to the server but as the bearer),
// or from what this phone kept when it saved a roster or made a campaign.
// No rules live here: the server works out every change.
"use strict";
(function () {
  const $ = (sel, el) => (el || document).querySelector(sel);
  const $$ = (sel, el) => Array.from((el || document).querySelectorAll(sel));
  const isToken = (t) => /^[0-9a-f]{32}$/.test(t);
  const fragment = () => {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      return "";
    }
  };
  const load = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) || "[]");
    } catch (e) {
      return [];
    }
  };
  const keep = (key, item) => {
    const all = load(key).filter((k) => k.id !== item.id);
    all.unshift(item);
    try {
      localStorage.setItem(key, JSON.stringify(all.slice(0, 30)));
    } catch (e) { /* private mode: not kept */ }
  };
  // tokenIn reads a token from an edit link ("…/rosters/ID#TOKEN") or a
  // bare token.
  const tokenIn = (s) => {
    s = String(s || "").trim();
    const t = s.includes("#") ? s.slice(s.indexOf("#") + 1) : s;
    return isToken(t) ? t : "";
  };
  // rosterToken is the edit token this phone keeps for roster id (the
  // roster editor keeps its saves' edit links).
  const rosterLink = (id) => {
    const r = load("skirmish.rosters").find((k) => k.id === id && typeof k.url === "string");
    return r ? r.url : "";
  };
  const send = async (method, url, token, body) => {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let j = {};
    try {
      j = await res.json();
    } catch (e) { /* not JSON */ }
    return { ok: res.ok, status: res.status, j };
  };
  const show = (el, text) => {
    el.textContent = text;
    el.hidden = false;
  };

  // New campaign: POST /api/campaigns, then its edit link.
  const form = $("#campaign-form");
  if (form) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const err = $("#campaign-error");
      err.hidden = true;
      const rosters = $("#c-rosters").value.split(/\s+/).filter(Boolean)
        .map((l) => l.split("#")[0].split("?")[0].replace(/\/+$/, "").split("/").pop());
      const r = await send("POST", "/api/campaigns", "", { name: $("#c-name").value, ruleset: $("#c-ruleset").value, rosters });
      if (!r.ok) {
        show(err, "Not started: " + (r.j.error || r.status));
        return;
      }
      keep("skirmish.campaigns", { id: r.j.id, url: location.origin + r.j.edit_url, name: r.j.name });
      location.href = r.j.edit_url;
    });
  }

  // A campaign: with its edit token (the fragment, or kept), the new-game
  // section, which fills the new-game form with two of its rosters.
  const camp = $("#campaign");
  if (camp) {
    let tok = fragment();
    if (!isToken(tok)) {
      const k = load("skirmish.campaigns").find((c) => c.id === camp.dataset.id);
      tok = k ? tokenIn(k.url) : "";
    } else {
      keep("skirmish.campaigns", { id: camp.dataset.id, url: location.href, name: $("h1").textContent.replace(/^Campaign: /, "") });
    }
    if (isToken(tok)) {
      $("#campaign-new-game").hidden = false;
      $("#campaign-game-form").addEventListener("submit", (ev) => {
        ev.preventDefault();
        const q = new URLSearchParams(new FormData(ev.target));
        location.href = "/?" + q.toString() + "#campaign-token=" + tok;
      });
    }
  }

  // The new-game form of a campaign's game: the token from the fragment.
  const ct = $("#campaign-token");
  if (ct) {
    const m = /campaign-token=([0-9a-f]{32})/.exec(location.hash);
    if (m) ct.value = m[1];
  }

  // A side's results: applied with the roster's edit token, at the
  // roster's version the changes were worked out for.
  const res = $("#results");
  if (res && $("#apply-it")) {
    const link = $("#apply-link");
    link.value = rosterLink(res.dataset.roster);
    $("#apply-it").addEventListener("click", async () => {
      const err = $("#apply-error");
      err.hidden = true;
      const tok = tokenIn(link.value);
      if (!tok) {
        show(err, "Paste the roster's edit link (the one with # in it): it is the only way to change the roster.");
        link.focus();
        return;
      }
      const url = "/api/campaigns/" + res.dataset.campaign + "/games/" + res.dataset.game + "/apply";
      const r = await send("POST", url, tok, { side: Number(res.dataset.side), version: Number(res.dataset.version) });
      if (!r.ok) {
        show(err, "Not applied: " + (r.j.error || r.status));
        return;
      }
      location.reload();
    });
  }

  // A roster's history: take an entry back with the roster's edit token.
  const hist = $("#history");
  if (hist) {
    const tok = isToken(fragment()) ? fragment() : tokenIn(rosterLink(hist.dataset.roster));
    // Without the roster's edit link, the page only shows the history.
    if (!tok) for (const b of $$("button.revert", hist)) b.hidden = true;
    for (const b of $$("button.revert", hist)) {
      b.addEventListener("click", async () => {
        const err = $("#history-error");
        err.hidden = true;
        if (!tok) {
          show(err, "Open this page from the roster's edit link (or from the phone that saved it) to take a game back.");
          return;
        }
        if (!window.confirm("Take this game's changes back from the roster?")) return;
        const r = await send("POST", "/api/rosters/" + hist.dataset.roster + "/history/" + b.dataset.entry + "/revert", tok);
        if (!r.ok) {
          show(err, "Not taken back: " + (r.j.error || r.status));
          return;
        }
        location.reload();
      });
    }
  }
})();
