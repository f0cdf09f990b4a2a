// skirmish table companion. The server renders the game for this seat as
// HTML (the panel); this script fetches it, sends what the player taps to
// the JSON API (docs/api.md), and fetches the panel again whenever the
// game's event stream says the game moved. No rules live here.
"use strict";
(function () {
  const $ = (sel, el) => (el || document).querySelector(sel);
  const $$ = (sel, el) => Array.from((el || document).querySelectorAll(sel));

  // The shell (script, style, icon) cached by the service worker, where
  // the browser allows one (HTTPS, or localhost).
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch(() => {});

  // New-game form: show the scenarios and options of the chosen rules.
  const form = $("#new form");
  if (form) {
    // Your games: the seat links this phone has opened, newest first.
    const yours = $("#yours");
    let kept = [];
    try {
      kept = JSON.parse(localStorage.getItem("skirmish.games") || "[]");
    } catch (e) {
      kept = [];
    }
    kept = kept.filter((g) => typeof g.url === "string" && g.url.startsWith(location.origin + "/g/"));
    if (yours && kept.length) {
      const ul = $("ul", yours);
      for (const g of kept) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = g.url;
        a.className = "button";
        a.textContent = String(g.name || "A game");
        const s = document.createElement("small");
        s.textContent = " " + String(g.seat || "") + (g.done ? " · over" : "");
        li.append(a, s);
        ul.appendChild(li);
      }
      yours.hidden = false;
    }
    const rules = $("#ruleset"), scen = $("#scenario");
    const sync = () => {
      const r = rules.value;
      for (const o of scen.options) {
        if (o.dataset.ruleset) o.hidden = o.disabled = o.dataset.ruleset !== r;
      }
      if (scen.selectedOptions[0] && scen.selectedOptions[0].disabled) {
        const first = $$("option", scen).find((o) => !o.disabled);
        if (first) scen.value = first.value;
      }
      for (const f of $$("fieldset.options")) f.hidden = f.disabled = f.dataset.ruleset !== r;
      // A table scenario has no board to play on: only the modes it has.
      const chosen = scen.selectedOptions[0];
      const noBoard = !!chosen && chosen.dataset.mode === "table";
      const board = $("#mode option[value=board]");
      board.hidden = board.disabled = noBoard;
      if (noBoard && $("#mode").value === "board") $("#mode").value = "";
    };
    scen.addEventListener("change", sync);
    rules.addEventListener("change", sync);
    // A side's own roster: what the rules understood of it, and what they
    // leave out, shown under the file before the game is made.
    // A side whose roster cannot be used holds the game back: Start waits
    // until it is mended or cleared (the files would be lost to a refusal).
    const unusable = {};
    const start = $("#new form button[type=submit]");
    const usable = (side, ok) => {
      unusable[side] = !ok;
      start.disabled = Object.values(unusable).some(Boolean);
      start.title = start.disabled ? "A side's roster cannot be used: change or clear it" : "";
    };
    async function readRoster(input) {
      const side = input.dataset.side;
      usable(side, true);
      const out = $("#side" + side + "-read");
      const fileIn = $("#side" + side + "-roster"), idIn = $("#side" + side + "-roster-id");
      out.textContent = "";
      const file = fileIn.files && fileIn.files[0];
      const saved = idIn.value.trim().split("#")[0].split("?")[0].replace(/\/+$/, "").split("/").pop();
      if (!file && !saved) return;
      let res, j;
      try {
        if (file) {
          out.textContent = "Reading " + file.name + "…";
          const bytes = new Uint8Array(await file.arrayBuffer());
          let bin = "";
          for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
          res = await fetch("/api/rosters/read", { method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ruleset: rules.value, roster_file: btoa(bin), name: file.name }) });
          j = await res.json();
        } else {
          out.textContent = "Looking for the roster…";
          res = await fetch("/api/rosters/" + encodeURIComponent(saved));
          j = await res.json();
          if (res.ok && j.ruleset !== rules.value) {
            j = { error: "a roster for " + j.ruleset + "; the rules chosen are " + rules.value };
            res = { ok: false };
          } else if (res.ok) {
            j = Object.assign({}, j.roster, { unknown: j.unknown });
          }
        }
      } catch (e) {
        out.textContent = "Could not read it: " + e.message;
        return;
      }
      out.textContent = "";
      const p = document.createElement("p");
      if (file && saved) {
        p.className = "error";
        p.textContent = "Choose one: a file or a saved roster, not both.";
        out.appendChild(p);
        usable(side, false);
        return;
      }
      if (!res.ok) {
        p.className = "error";
        p.textContent = "Not usable: " + (j.error || res.statusText);
        out.appendChild(p);
        usable(side, false);
        return;
      }
      p.className = "notice ok";
      p.textContent = j.name + ": " + j.models.length + (j.models.length === 1 ? " model" : " models") + " — " +
        j.models.map((m) => m.name || m.id).join(", ");
      out.appendChild(p);
      const h = document.createElement("p");
      h.className = "hint";
      h.textContent = j.unknown.length ? "Left out, as the rules here do not model it (" + j.unknown.length + "):" : "Nothing left out.";
      out.appendChild(h);
      if (j.unknown.length) {
        const ul = document.createElement("ul");
        ul.className = "unknown";
        for (const u of j.unknown) {
          const li = document.createElement("li");
          // "models[2] Hask: long rifle" reads "Hask: long rifle"; the roster's own, "the roster".
          const where = u.where.replace(/^models\[\d+\] /, "").replace(/^roster$/, "the roster");
          li.textContent = where + ": " + u.what + " (" + u.why + ")";
          ul.appendChild(li);
        }
        out.appendChild(ul);
      }
    }
    for (const input of $$("input[data-side]")) input.addEventListener("change", () => readRoster(input));
    const sides = () => $$("input[type=file][data-side]");
    rules.addEventListener("change", () => sides().forEach(readRoster));
    sides().forEach((i) => { if ($("#side" + i.dataset.side + "-roster-id").value) readRoster(i); });
    // The rosters this phone saved in the editor, to pick by name.
    try {
      const dl = $("#saved-rosters");
      for (const r of JSON.parse(localStorage.getItem("skirmish.rosters") || "[]")) {
        if (typeof r.id !== "string") continue;
        const o = document.createElement("option");
        o.value = location.origin + "/rosters/" + r.id;
        o.label = String(r.name || "") + " (" + String(r.ruleset || "") + ")";
        dl.appendChild(o);
      }
    } catch (e) { /* nothing kept */ }
    const build = $("#build-roster");
    const buildSync = () => { build.href = "/rosters/new?ruleset=" + encodeURIComponent(rules.value); };
    rules.addEventListener("change", buildSync);
    buildSync();
    const upload = () => { scen.value = "upload"; };
    $("#yaml-file").addEventListener("change", upload);
    $("#yaml").addEventListener("input", upload);
    sync();
    return;
  }

  // Seat links: copy to the clipboard (or share, on a phone that can).
  for (const b of $$("[data-copy]")) {
    b.addEventListener("click", async () => {
      const url = b.dataset.copy;
      try {
        if (navigator.share) await navigator.share({ url });
        else await navigator.clipboard.writeText(url);
        b.textContent = navigator.share ? "Shared" : "Copied";
      } catch (e) {
        b.closest(".seat").querySelector("input").select();
      }
    });
  }

  const root = $("#game");
  if (!root) return;
  const id = root.dataset.id;
  let token = "";
  try {
    token = decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    token = "";
  }
  // Another seat's link opened in this tab changes only the part after #:
  // start again as that seat.
  window.addEventListener("hashchange", () => location.reload());
  const panel = $("#panel"), notice = $("#notice"), conn = $("#conn");
  const sheet = $("#sheet"), odds = $("#odds");
  let wholeLog = false;
  // The event stream is opened with the seat's events key, which opens
  // nothing else, so that the seat's token is never in a URL.
  let eventsKey = "";
  // extra: the dice the server said the faces call for beyond the roll's
  // own (a critical's extra die, Fortune Smiles), by kind, in order.
  let extra = [];
  let wasMine = false;
  // The screen stays awake while a game goes on (Wake Lock API, where the
  // browser has it; it lets go when the page is hidden, and is asked
  // again when it shows).
  let wake = null, over = false;
  async function keepAwake(done) {
    over = done === undefined ? over : done;
    if (over && wake) {
      wake.release().catch(() => {});
      wake = null;
    }
    if (over || wake || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      wake = await navigator.wakeLock.request("screen");
      wake.addEventListener("release", () => { wake = null; });
    } catch (e) {
      wake = null; // refused (battery saver): the phone sleeps as usual
    }
  }
  document.addEventListener("visibilitychange", () => keepAwake());
  // remember keeps this seat's link on this phone, for the front page's
  // "Your games" (the links stay on the phone: localStorage).
  function remember(name, seat, done) {
    try {
      const all = JSON.parse(localStorage.getItem("skirmish.games") || "[]").filter((g) => g.url !== location.href);
      all.unshift({ url: location.href, name, seat: seat.split(" · ").pop(), done, at: Date.now() });
      localStorage.setItem("skirmish.games", JSON.stringify(all.slice(0, 12)));
    } catch (e) {
      // private browsing: nothing kept
    }
  }
  let seq = -1, faces = [], busy = false, pendingAction = null, shown = "", writes = 0, dead = false, lastTurn = "";

  // focusKey names a control so that it can be found again in a new panel.
  const focusKey = (e) => {
    if (!e || !panel.contains(e)) return "";
    const d = e.dataset || {};
    return [e.tagName, d.act, d.answer, d.face, d.write, d.keypad, e.id, e.tagName === "SUMMARY" ? e.textContent : ""].join("|");
  };

  const say = (text, ok) => {
    notice.textContent = text;
    notice.className = ok ? "notice ok" : "notice";
    notice.hidden = !text;
  };
  notice.addEventListener("click", () => say(""));
  if (!token) {
    conn.textContent = "";
    say("This link has no seat: open the link the game's page gave you (it ends in # and a code).");
    return;
  }
  const headers = { Authorization: "Bearer " + token };
  const api = "/api/games/" + encodeURIComponent(id);

  async function errorText(res) {
    try {
      const j = await res.json();
      return j.error || res.statusText;
    } catch (e) {
      return res.status + " " + res.statusText;
    }
  }

  // load fetches the panel, keeping open what the player had open.
  async function load() {
    let res;
    try {
      res = await fetch("/g/" + encodeURIComponent(id) + "/panel" + (wholeLog ? "?log=all" : ""), { headers, cache: "no-store" });
    } catch (e) {
      conn.textContent = "Offline: retrying…";
      conn.className = "conn down";
      return;
    }
    if (!res.ok) {
      say(await errorText(res));
      if (res.status === 401 || res.status === 404 || res.status === 410) {
        dead = true; // a wrong link, or a game deleted: nothing to follow
        conn.textContent = "";
      }
      return;
    }
    eventsKey = res.headers.get("X-Events-Key") || eventsKey;
    const html = await res.text();
    if (html === shown) return; // nothing changed: keep what the player has open
    shown = html;
    const open = $$("details[open] > summary", panel).map((s) => s.textContent);
    const scroll = window.scrollY;
    const focused = focusKey(document.activeElement);
    panel.innerHTML = html;
    for (const s of $$("details > summary", panel)) {
      if (open.includes(s.textContent)) s.parentElement.open = true;
    }
    window.scrollTo(0, scroll);
    // Keyboard users keep their place: the same control, or the news.
    const again = focused && $$("button, summary, select, input", panel).find((e) => focusKey(e) === focused);
    if (again) again.focus();
    const top = $("header.top", panel);
    const next = top ? Number(top.dataset.seq) : seq;
    const moved = next !== seq;
    // Something new to answer or decide: bring it into view, below the
    // header (the scroll kept from before may have left it above).
    const focusHere = moved && ($(".undo-req.mine", panel) || $(".ask.mine", panel) || $(".acts", panel));
    if (focusHere && !again) {
      // the sticky header must not cover what is brought into view
      document.documentElement.style.scrollPaddingTop = (top ? top.offsetHeight + 8 : 0) + "px";
      // (the last action's result rides in the header, always in view)
      focusHere.scrollIntoView({ block: "start" });
    }
    const turn = $("#turn", panel);
    if (turn) {
      const mine = turn.classList.contains("mine");
      document.title = (mine ? "● " : "") + $("h1", panel).textContent + " · skirmish";
      // a buzz when the decision (or the question) becomes this phone's
      if (mine && !wasMine && seq >= 0 && navigator.vibrate) navigator.vibrate(150);
      wasMine = mine;
      remember($("h1", panel).textContent, ($(".meta", panel) || turn).textContent, turn.classList.contains("over"));
      keepAwake(turn.classList.contains("over"));
      if (moved && turn.textContent !== lastTurn) $("#news").textContent = turn.textContent;
      lastTurn = turn.textContent;
    }
    if (moved) {
      faces = [];
      extra = [];
    }
    seq = next;
    recall();
    showFaces();
    showDests();
    // The game moved while the player looked at an action: if it is no
    // longer on offer, the sheet goes.
    if (moved && sheet.open && pendingAction && !$$("[data-act]", panel).some((b) => b.dataset.act === pendingAction) &&
        !$$("option", panel).some((o) => o.value === pendingAction)) {
      sheet.close();
    }
  }

  // write posts a command with the seq last seen. A stale seq means the
  // other phone acted first: say so and show the game as it is now.
  async function write(kind, body) {
    if (busy) return;
    busy = true;
    root.dataset.busy = "1"; // until the panel shows the result (the browser tests wait on it)
    root.classList.add("busy");
    say("");
    try {
      const res = await fetch(api + "/" + kind, {
        method: "POST",
        headers: Object.assign({ "Content-Type": "application/json" }, headers),
        body: JSON.stringify(Object.assign({ seq }, body)),
      });
      if (res.status === 409) {
        say("Not applied: the game moved on before your tap arrived (the other player acted first). Here it is now; check and tap again.");
      } else if (!res.ok) {
        let j = {};
        try {
          j = await res.json();
        } catch (e) {
          j = { error: res.status + " " + res.statusText };
        }
        if (kind === "answers" && j.more) {
          // The faces fit, and call for one more die: the keypad asks
          // for it, keeping those typed.
          extra.push(j.more.die);
          showFaces();
          say("Those faces call for one more " + j.more.die + (j.more.role ? " (" + j.more.role + ")" : "") + ": roll it, tap its face, then Send.", true);
        } else {
          say(j.error || res.statusText);
        }
      } else {
        const j = await res.json();
        say(j.refused ? "Refused by the rules: " + j.refused : "");
      }
    } catch (e) {
      say("Could not reach the server: " + e.message);
    } finally {
      await load();
      busy = false;
      delete root.dataset.busy;
      root.classList.remove("busy");
      root.dataset.writes = String(++writes); // the browser tests wait on it
    }
  }

  // recall marks, on a measurement the action asks for, what the player
  // assumed for it in the odds: the same button picked out, or the inches
  // filled in, still to be sent. Once the action has no more questions,
  // the assumptions are forgotten.
  function recall() {
    if (!$(".ask", panel)) {
      told = {};
      return;
    }
    const ask = $(".ask.mine[data-fact]", panel);
    const v = ask && told[ask.dataset.fact];
    if (v === undefined || !ask) return;
    const b = $$("[data-answer]", ask).find((x) => x.dataset.answer === v);
    if (b) b.classList.add("assumed");
    const inp = $("#inches", ask);
    if (inp && !inp.value) inp.value = v;
    $(".q", ask).after(el("p", "hint recalled", "For the odds you assumed: " + v + " — check it at the table, then answer."));
  }

  // showFaces shows the faces typed so far and which die comes next.
  function showFaces() {
    const out = $("#faces", panel);
    if (!out) return;
    out.textContent = faces.length ? faces.join(" · ") : "none yet";
    const pad = $(".keypad", panel);
    const order = (pad.dataset.order ? pad.dataset.order.split("|") : []).concat(extra);
    const next = order[faces.length];
    const a = next && /^[aeiou]/i.test(next) ? "an " : "a ";
    $("#next", panel).textContent = next ? "(" + (faces.length + 1) + " of " + order.length + ": " + a + next + ")" : "";
    for (const g of $$(".faces", panel)) g.classList.toggle("next", order.length > 1 && g.dataset.die === next);
  }

  // The board's destination dots of the move actions the player opened.
  function showDests() {
    const open = $$("details.moves[open]", panel).map((d) => d.dataset.group);
    for (const c of $$(".dest", panel)) {
      const on = open.includes(c.dataset.group);
      c.classList.toggle("shown", on);
      c.setAttribute("tabindex", on ? "0" : "-1");
    }
  }

  function bar(row) {
    const li = document.createElement("li");
    const d = document.createElement("details");
    const s = document.createElement("summary");
    const label = document.createElement("span");
    label.textContent = row.label;
    const p = document.createElement("strong");
    const pc = row.probability * 100;
    p.textContent = (pc >= 10 || pc === 0 ? pc.toFixed(1) : pc.toPrecision(2)).replace(/\.0$/, "") + " %";
    const b = document.createElement("span");
    b.className = "bar";
    const fill = document.createElement("span");
    fill.style.width = Math.max(0.5, pc) + "%";
    b.appendChild(fill);
    s.append(label, p, b);
    const ex = document.createElement("p");
    ex.className = "exact";
    ex.textContent = "exactly " + row.exact;
    d.append(s, ex);
    // An outcome whose odds count a choice the player has not made yet
    // (a Ploy token the best play would spend) says how, under it.
    if (row.by && row.by.length) {
      const ul = document.createElement("ul");
      ul.className = "by";
      for (const b of row.by) {
        const bp = b.probability * 100;
        ul.appendChild(el("li", "", b.label + ": " + (bp >= 10 || bp === 0 ? bp.toFixed(1) : bp.toPrecision(2)).replace(/\.0$/, "") + " % (" + b.exact + ")"));
      }
      d.append(el("p", "exact", "if the best choices are made on the way:"), ul);
    }
    li.appendChild(d);
    return li;
  }

  // openSheet shows an action with its exact odds before the player
  // confirms it. At a table the odds rest on what the players measure:
  // the sheet shows every such measurement at once, as a control with a
  // starting value, and works the odds out again as one changes. Confirm
  // sends them with the action, which then does not ask them again. An
  // action with nothing to weigh (no dice, no measurement, one outcome)
  // is sent at once, without a sheet.
  let mine = {}, shownMeasures = [], told = {}, timer = 0, asked = 0;
  async function openSheet(action, text, always) {
    pendingAction = action;
    mine = {};
    shownMeasures = [];
    $("#sheet-title").textContent = text || action;
    const j = await fetchSheet(action);
    if (pendingAction !== action) return;
    const trivial = j && !j.error && !j.refused && !(j.dice || []).length && !(j.measurements || []).length &&
      j.rows && j.rows.length === 1;
    if (trivial && !always) {
      pendingAction = null;
      write("actions", { action });
      return;
    }
    sheet.showModal();
    render(action, j);
  }

  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // fetchSheet asks the odds with every measurement and the values the
  // player set; the answer is {error} when it fails.
  async function fetchSheet(action) {
    const n = ++asked;
    const qs = Object.keys(mine).map((k) => "&assume=" + encodeURIComponent(k + "=" + mine[k])).join("");
    let res, j;
    try {
      res = await fetch(api + "/odds?measure=all&action=" + encodeURIComponent(action) + qs, { headers });
    } catch (e) {
      return { error: "Could not reach the server: " + e.message };
    }
    try {
      j = await res.json();
    } catch (e) {
      j = { error: res.status + " " + res.statusText };
    }
    if (n !== asked) return null; // a later question is on its way
    if (!res.ok) return { error: j.error || res.statusText };
    return j;
  }

  // again works the odds out anew a moment after the last change.
  function again(action) {
    odds.classList.add("stale");
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const j = await fetchSheet(action);
      if (j && pendingAction === action) render(action, j);
    }, 250);
  }

  // measureRow is one measurement's control: yes and no, or inches with
  // steps of half an inch either side.
  function measureRow(action, m) {
    const row = el("div", "meas" + (m.from === "you" ? " set" : "") + (m.later ? " later" : ""));
    row.dataset.meas = m.id;
    const q = el("p", "q", m.question);
    if (m.why) q.title = m.why;
    row.appendChild(q);
    const set = (v) => {
      mine[m.id] = v;
      m.value = v;
      again(action);
    };
    if (m.yesno) {
      const seg = el("div", "seg");
      for (const v of ["yes", "no"]) {
        const b = el("button", "", v === "yes" ? "Yes" : "No");
        b.type = "button";
        b.dataset.value = v;
        b.setAttribute("aria-pressed", String(m.value === v));
        b.addEventListener("click", () => {
          for (const x of $$("button", seg)) x.setAttribute("aria-pressed", String(x === b));
          set(v);
        });
        seg.appendChild(b);
      }
      row.appendChild(seg);
    } else {
      const seg = el("div", "seg steps");
      const inp = el("input");
      inp.type = "number";
      inp.step = "0.1";
      inp.min = m.min;
      inp.max = m.max;
      inp.inputMode = "decimal";
      inp.value = m.value;
      inp.setAttribute("aria-label", m.question + " (inches)");
      const step = (d) => {
        const v = Math.max(Number(m.min), Math.min(Number(m.max), Math.round(((Number(inp.value) || 0) + d) * 10) / 10));
        inp.value = String(v);
        set(inp.value);
      };
      const minus = el("button", "", "−½\"");
      minus.type = "button";
      minus.addEventListener("click", () => step(-0.5));
      const plus = el("button", "", "+½\"");
      plus.type = "button";
      plus.addEventListener("click", () => step(0.5));
      inp.addEventListener("input", () => {
        if (inp.value !== "" && inp.checkValidity()) set(inp.value);
      });
      seg.append(minus, inp, plus);
      row.appendChild(seg);
    }
    return row;
  }

  // render shows the sheet's answer: the measurements, then the odds.
  function render(action, j) {
    odds.classList.remove("stale");
    odds.textContent = "";
    $("#confirm").disabled = false;
    if (!j || j.error) {
      odds.appendChild(el("p", "hint", (j && j.error) || "No odds."));
      return;
    }
    const wasOpen = !!$("details.later[open]", odds);
    shownMeasures = j.measurements || [];
    const now = shownMeasures.filter((m) => !m.later), later = shownMeasures.filter((m) => m.later);
    if (now.length) {
      odds.appendChild(el("p", "hint", "Check these at the table (they are sent with the action):"));
      for (const m of now) odds.appendChild(measureRow(action, m));
    }
    // Those asked only if the dice call for them come after the odds,
    // folded: the odds assume them as shown.
    const rest = () => {
      if (!later.length) return;
      const d = el("details", "later");
      d.open = wasOpen;
      d.appendChild(el("summary", "", later.length + (later.length === 1 ? " measurement" : " measurements") + " asked later, if the dice call for it"));
      for (const m of later) d.appendChild(measureRow(action, m));
      odds.appendChild(d);
    };
    if (j.refused) {
      odds.appendChild(el("p", "warn", "With these measurements the action is not allowed: " + j.refused));
      rest();
      $("#confirm").disabled = true;
      return;
    }
    const rolls = (j.dice || []).map((d) => d.what || d.key);
    const certain = (j.outcomes || j.rows).length === 1 && (j.outcomes || j.rows)[0].probability === 1;
    let lede = "Exact odds (tap a row for the fraction):";
    if (!rolls.length) lede = "No dice: this is what happens.";
    else if (certain) lede = "Whatever the dice show (" + rolls.join(", ") + "), this is what happens:";
    if (j.headline && j.headline.text) odds.appendChild(el("p", "headline", j.headline.text));
    odds.appendChild(el("p", "hint", lede));
    if (rolls.length && !certain) odds.appendChild(el("p", "hint rolls", "Rolls: " + rolls.join(", ")));
    const ul = el("ul", "odds");
    for (const row of j.outcomes || j.rows) ul.appendChild(bar(row));
    odds.appendChild(ul);
    rest();
  }

  // Only the Confirm button sends the action: Cancel, Escape or a panel
  // that moved close the sheet without it.
  $("#confirm").addEventListener("click", () => {
    const a = pendingAction;
    // The measurements go with the action as its answers; one asked only
    // later (after the dice) is offered again, picked out, when asked.
    told = {};
    const sent = [];
    for (const m of shownMeasures) {
      told[m.id] = m.value;
      sent.push(m.id + "=" + m.value);
    }
    sheet.close();
    if (a) write("actions", sent.length ? { action: a, assume: sent } : { action: a });
  });
  $("#cancel").addEventListener("click", () => sheet.close());
  sheet.addEventListener("close", () => { pendingAction = null; });

  // Board: a tap anywhere near a destination dot shown takes the nearest
  // (within 44 px of the screen: a fingertip), and the sheet names it;
  // Zoom, or a double tap, shows the board at twice the size, scrolled.
  function nearestDest(ev) {
    const svg = ev.target.closest && ev.target.closest("svg.board");
    if (!svg) return null;
    let best = null, bd = 44;
    for (const c of $$(".dest.shown", svg)) {
      const r = c.getBoundingClientRect();
      const d = Math.hypot(ev.clientX - (r.left + r.width / 2), ev.clientY - (r.top + r.height / 2));
      if (d < bd) {
        best = c;
        bd = d;
      }
    }
    return best;
  }
  function zoom(wrap) {
    const on = !wrap.classList.contains("zoomed");
    wrap.classList.toggle("zoomed", on);
    const b = $("[data-zoom]", wrap);
    if (b) b.setAttribute("aria-pressed", String(on));
  }
  panel.addEventListener("dblclick", (ev) => {
    const wrap = ev.target.closest && ev.target.closest(".boardwrap");
    if (wrap && ev.target.closest("svg.board")) {
      ev.preventDefault();
      zoom(wrap);
    }
  });

  panel.addEventListener("click", (ev) => {
    if (ev.target.closest && ev.target.closest("[data-zoom]")) {
      zoom(ev.target.closest(".boardwrap"));
      return;
    }
    const near = !ev.target.closest(".dest") && nearestDest(ev);
    if (near && !busy) {
      // a tap near a dot: the sheet names the place taken, to confirm
      openSheet(near.dataset.act, near.dataset.text || near.getAttribute("aria-label"), true);
      return;
    }
    const t = ev.target.closest("button, .dest, a[data-export]");
    if (!t || busy) return;
    if (t.matches("a[data-export]")) {
      ev.preventDefault();
      download(t.getAttribute("href"));
    } else if (t.dataset.act) {
      openSheet(t.dataset.act, t.dataset.text || t.getAttribute("aria-label"), t.classList.contains("dest"));
    } else if (t.dataset.answer) {
      write("answers", { answer: t.dataset.answer });
    } else if (t.dataset.face) {
      const pad = $(".keypad", panel);
      const want = pad && pad.dataset.order ? pad.dataset.order.split("|").length + extra.length : 0;
      // a roll whose faces may call for more dice takes more faces
      if (want && faces.length >= want && !pad.dataset.more) {
        say("That is all " + want + (want === 1 ? " die" : " dice") + " this roll needs: send the faces, or delete one to change it.");
        return;
      }
      faces.push(t.dataset.face);
      showFaces();
    } else if (t.dataset.keypad === "back") {
      say("");
      faces.pop();
      showFaces();
    } else if (t.dataset.keypad === "send") {
      if (!faces.length) {
        say("Tap the faces your dice show first.");
        return;
      }
      write("answers", { answer: faces.join(" ") });
    } else if (t.hasAttribute("data-pick")) {
      const sel = $("select", t.closest("details"));
      openSheet(sel.value, sel.selectedOptions[0].textContent);
    } else if (t.dataset.log === "all") {
      wholeLog = true;
      load();
    } else if (t.dataset.write === "undo" || t.dataset.write === "undo/approve" || t.dataset.write === "undo/decline") {
      // an undo that would take back dice, or another player's answer,
      // waits for the other player's consent: the panel shows it
      write(t.dataset.write, {});
    } else if (t.dataset.write === "concede") {
      if (window.confirm("Concede the game? The other side wins.")) write("concede", {});
    } else if (t.dataset.write === "dispute") {
      write("dispute", {}); // the measurement is asked again, of the side that measured
    }
  });
  panel.addEventListener("keydown", (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.classList.contains("dest")) {
      ev.preventDefault();
      ev.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  panel.addEventListener("toggle", (ev) => {
    showDests();
    // Opening a move shows its destinations on the board: bring it into view.
    const b = $("svg.board", panel);
    if (b && ev.target.matches("details.moves") && ev.target.open) b.scrollIntoView({ block: "center" });
  }, true);
  panel.addEventListener("submit", (ev) => {
    if (!ev.target.matches("[data-measure]")) return;
    ev.preventDefault();
    write("answers", { answer: ev.target.inches.value });
  });

  async function download(href) {
    const res = await fetch(href, { headers });
    if (!res.ok) {
      say(await errorText(res));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = "skirmish-" + id + ".json";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Live updates: the browser reconnects by itself and resumes with
  // Last-Event-ID; every event (or a reset) fetches the panel again.
  function follow() {
    const es = new EventSource(api + "/events?" + (eventsKey ? "key=" + encodeURIComponent(eventsKey) : "token=" + encodeURIComponent(token)));
    const moved = (ev) => {
      const n = Number(ev.lastEventId);
      if (!(n <= seq)) load();
    };
    for (const k of ["action", "answer", "undo", "undo-request", "undo-approve", "undo-decline", "concede", "dispute", "skip", "reset"]) es.addEventListener(k, moved);
    es.onopen = () => {
      conn.textContent = "Live";
      conn.className = "conn";
      load();
    };
    es.onerror = () => {
      if (dead) {
        es.close();
        return;
      }
      conn.textContent = "Connection lost: reconnecting…";
      conn.className = "conn down";
      // The browser retries a dropped stream by itself, but gives up on
      // one the server refused (a restart, a proxy's 502): start afresh.
      if (es.readyState === EventSource.CLOSED && !dead) setTimeout(follow, 3000);
    };
  }
  load().then(follow);
})();
