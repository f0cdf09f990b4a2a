// skirmish roster editor (issue 33): builds a roster from what the
// ruleset's models may hold (the page's roster-specs) and saves it through
// the JSON API (docs/api.md, "Saved rosters"). No rules live here: the
// server reads and checks every save.
"use strict";
(function () {
  const $ = (sel, el) => (el || document).querySelector(sel);
  const $$ = (sel, el) => Array.from((el || document).querySelectorAll(sel));

  // Roster editor: models from the ruleset's characteristics, keywords
  // and the samples' armoury, saved through POST and PUT /api/rosters with
  // the edit token after # (never sent to the server but as the bearer).
  const editor = $("#roster");
  if (!editor) return;
  {
    const specs = JSON.parse($("#roster-specs").textContent);
    const el = (tag, props, ...kids) => {
      const e = document.createElement(tag);
      Object.assign(e, props || {});
      for (const k of kids) e.append(k);
      return e;
    };
    let id = editor.dataset.id || "", token = "", version = 0;
    try {
      token = decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      token = "";
    }
    const rules = $("#r-ruleset"), nameIn = $("#r-name"), list = $("#models"), err = $("#roster-error");
    let models = [];
    let campaign = null; // the roster's campaign block, sent back as it is
    const spec = () => specs[rules.value];
    const newModel = () => {
      const m = spec().model;
      return { id: "", name: "", type: m.type || "", base: m.base || 25, profile: Object.assign({}, m.profile), keywords: [], gear: [] };
    };
    // Kept on this phone: the rosters it saved, with their edit links.
    const keptKey = "skirmish.rosters";
    const kept = () => {
      try {
        return JSON.parse(localStorage.getItem(keptKey) || "[]").filter((r) => typeof r.url === "string" && r.url.startsWith(location.origin + "/rosters/"));
      } catch (e) {
        return [];
      }
    };
    const keep = (r) => {
      const all = kept().filter((k) => k.id !== r.id);
      all.unshift(r);
      try {
        localStorage.setItem(keptKey, JSON.stringify(all.slice(0, 30)));
      } catch (e) { /* private mode: not kept */ }
    };
    const yours = $("#your-rosters");
    const mine = kept().filter((r) => r.id !== id);
    if (mine.length) {
      for (const r of mine) {
        $("ul", yours).append(el("li", {}, el("a", { href: r.url, className: "button", textContent: String(r.name || "A roster") }),
          el("small", { textContent: " " + String(r.ruleset || "") })));
      }
      yours.hidden = false;
    }
    const render = () => {
      list.textContent = "";
      const sp = spec();
      models.forEach((m, i) => {
        const n = i + 1, pre = "m" + i + "-";
        const fs = el("fieldset", { className: "model" });
        fs.append(el("legend", { textContent: "Model " + n + (m.name ? ": " + m.name : "") }));
        // Its campaign record, kept by the server as it is (the editor
        // does not change it; docs/campaigns.md).
        if (m.record) {
          const r = m.record, bits = [];
          if (r.out) bits.push("misses games: " + r.out);
          if (r.injuries && r.injuries.length) bits.push("injuries: " + r.injuries.join(", "));
          if (r.xp) bits.push(r.xp + " XP");
          if (bits.length) fs.append(el("p", { className: "notice record", textContent: "Campaign: " + bits.join("; ") }));
          // A model kept out comes back by the players' say (a captive
          // rescued or traded back, a mistake put right): the save then
          // sends its record without the reason.
          if (r.out) {
            const back = el("button", { type: "button", id: pre + "back", className: "small", textContent: "Back in play" });
            back.addEventListener("click", () => {
              delete r.out;
              render();
            });
            fs.append(back);
          }
        }
        const nm = el("input", { id: pre + "name", type: "text", value: m.name, maxLength: 80, autocomplete: "off" });
        nm.addEventListener("input", () => { m.name = nm.value; fs.firstChild.textContent = "Model " + n + (m.name ? ": " + m.name : ""); });
        fs.append(el("label", { htmlFor: pre + "name", textContent: "Name" }), nm);
        if (sp.types.length > 1) {
          const ty = el("select", { id: pre + "type" });
          for (const t of sp.types) ty.append(el("option", { value: t, textContent: t, selected: t === m.type }));
          ty.addEventListener("change", () => {
            m.type = ty.value;
            const ok = sp.keywords[m.type] || [];
            m.keywords = m.keywords.filter((k) => ok.includes(k));
            render();
          });
          fs.append(el("label", { htmlFor: pre + "type", textContent: "Type" }), ty);
        }
        const grid = el("div", { className: "profile-grid" });
        for (const st of sp.profile) {
          const inp = el("input", { id: pre + "stat-" + st.name, type: "number", inputMode: "numeric", min: st.min, max: st.max, step: 1,
            value: m.profile[st.name] !== undefined ? m.profile[st.name] : st.min });
          const says = el("small", { className: "reads" });
          const show = () => {
            const t = (sp.notation[st.name] || {})[inp.value];
            says.textContent = t ? "(" + t + ")" : "";
          };
          inp.addEventListener("input", () => { m.profile[st.name] = parseInt(inp.value, 10); inp.removeAttribute("aria-invalid"); show(); });
          m.profile[st.name] = parseInt(inp.value, 10);
          show();
          grid.append(el("div", {}, el("label", { htmlFor: inp.id }, st.name + " ", says), inp));
        }
        fs.append(grid);
        const base = el("input", { id: pre + "base", type: "number", inputMode: "numeric", min: 10, max: 200, step: 1, value: m.base });
        base.addEventListener("input", () => { m.base = parseFloat(base.value); });
        fs.append(el("label", { htmlFor: pre + "base", textContent: "Base (mm)" }), base);
        const kws = sp.keywords[m.type] || [];
        if (kws.length) {
          const kf = el("fieldset", { className: "keywords" }, el("legend", { textContent: "Keywords" }));
          for (const k of kws) {
            const cb = el("input", { type: "checkbox", id: pre + "kw-" + k, checked: m.keywords.includes(k) });
            cb.addEventListener("change", () => {
              m.keywords = m.keywords.filter((x) => x !== k);
              if (cb.checked) m.keywords.push(k);
            });
            kf.append(el("label", { htmlFor: cb.id, className: "check" }, cb, " " + k));
          }
          fs.append(kf);
        }
        const gl = el("ul", { className: "gear" });
        m.gear.forEach((g, j) => {
          const rm = el("button", { type: "button", className: "small", textContent: "Remove" });
          rm.setAttribute("aria-label", "Remove " + g.name + " from model " + n);
          rm.addEventListener("click", () => { m.gear.splice(j, 1); render(); });
          gl.append(el("li", {}, g.name + " (" + g.kind + ") ", rm));
        });
        fs.append(el("p", { className: "hint", textContent: m.gear.length ? "Gear:" : "No gear yet." }), gl);
        const pick = el("select", { id: pre + "gear" });
        for (const g of sp.gear) pick.append(el("option", { value: g.name, textContent: g.name + " (" + g.kind + ")" }));
        const add = el("button", { type: "button", textContent: "Add gear" });
        add.addEventListener("click", () => {
          const g = sp.gear.find((x) => x.name === pick.value);
          if (g) m.gear.push(JSON.parse(JSON.stringify(g)));
          render();
        });
        fs.append(el("label", { htmlFor: pick.id, textContent: "Gear from the armoury" }), pick, add);
        const drop = el("button", { type: "button", className: "danger", textContent: "Remove model " + n });
        drop.addEventListener("click", () => { models.splice(i, 1); render(); });
        fs.append(drop);
        list.append(fs);
      });
    };
    // Model IDs: kept once given; a new model's from its name, unique.
    const slug = (s) => s.toLowerCase().normalize("NFKD").replace(/['\u2019\u2018"\u201c\u201d]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48);
    const withIDs = () => {
      const used = new Set(models.filter((m) => m.id).map((m) => m.id));
      return models.map((m, i) => {
        let mid = m.id;
        if (!mid) {
          const b = slug(m.name) || "model-" + (i + 1);
          mid = b;
          for (let k = 2; used.has(mid); k++) mid = b + "-" + k;
          used.add(mid);
          m.id = mid;
        }
        const out = { id: mid, profile: m.profile, base: m.base };
        if (m.name) out.name = m.name;
        if (m.type) out.type = m.type;
        if (m.keywords.length) out.keywords = m.keywords;
        if (m.gear.length) out.gear = m.gear;
        if (m.record) out.record = m.record; // a campaign's, kept as it is
        return out;
      });
    };
    const links = (j) => {
      $("#share-link").value = location.origin + "/rosters/" + j.id;
      $("#play-it").href = "/?ruleset=" + encodeURIComponent(j.ruleset) + "&side0_roster_id=" + j.id;
      $("#export-it").href = "/api/rosters/" + j.id + "/export";
      $("#history-it").href = "/rosters/" + j.id + "/history" + (token ? "#" + token : "");
      $("#saved").hidden = false;
    };
    // saved shows the links; a save that the server took (proved is the
    // token) is kept on this phone: a link opened with a made-up token
    // never replaces the one kept.
    const saved = (j, proved) => {
      id = j.id;
      version = j.version;
      if (j.edit_token) token = j.edit_token;
      const editURL = location.origin + "/rosters/" + id + "#" + token;
      history.replaceState(null, "", "/rosters/" + id + "#" + token);
      $("#edit-link").value = editURL;
      links(j);
      $("h1", editor).textContent = "Roster: " + j.name;
      rules.disabled = true;
      if (proved) keep({ id, url: editURL, name: j.name, ruleset: j.ruleset });
    };
    const load = (j) => {
      nameIn.value = j.name;
      campaign = j.roster.campaign || null;
      version = j.version;
      models = j.roster.models.map((m) => ({ id: m.id, name: m.name || "", type: m.type || "", base: m.base, profile: m.profile,
        keywords: m.keywords || [], gear: m.gear || [], record: m.record || null }));
      render();
    };
    $("#add-model").addEventListener("click", () => {
      models.push(newModel());
      render();
      const last = $$("fieldset.model", list).pop();
      if (last) $("input", last).focus();
    });
    // Other rules have other characteristics: the models built so far go,
    // after the player agrees.
    let ruleNow = rules.value;
    rules.addEventListener("change", () => {
      if (models.some((m) => m.name) && !window.confirm("Other rules have other characteristics: start the models again?")) {
        rules.value = ruleNow;
        return;
      }
      ruleNow = rules.value;
      models = [newModel()];
      render();
    });
    // Unsaved changes: the browser asks before leaving the page.
    let dirty = false;
    editor.addEventListener("input", () => { dirty = true; err.hidden = true; });
    editor.addEventListener("change", () => { dirty = true; });
    window.addEventListener("beforeunload", (ev) => { if (dirty && !readOnly) ev.preventDefault(); });
    let readOnly = false;
    const status = $("#roster-status");
    const save = $("#save");
    $("#roster-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (save.disabled) return; // a save is on its way
      err.hidden = true;
      status.textContent = "";
      if (!nameIn.value.trim()) {
        err.textContent = "Not saved: give the warband a name.";
        err.hidden = false;
        nameIn.focus();
        return;
      }
      // Characteristics out of their bounds are named here, at the field.
      for (const [i, m] of models.entries()) {
        for (const st of spec().profile) {
          const v = m.profile[st.name];
          const bad = !Number.isInteger(v) ? "is empty" : v < st.min || v > st.max ? v + " is out of range; allowed " + st.min + " to " + st.max : "";
          if (bad) {
            err.textContent = "Not saved: model " + (i + 1) + "'s " + st.name + " " + bad + ".";
            err.hidden = false;
            const f = $("#m" + i + "-stat-" + CSS.escape(st.name));
            if (f) {
              f.setAttribute("aria-invalid", "true");
              f.focus();
            }
            return;
          }
        }
      }
      const kept = { name: nameIn.value.trim(), models: withIDs() };
      if (campaign) kept.campaign = campaign; // its history, as loaded
      const body = { ruleset: rules.value, yaml: JSON.stringify(kept) };
      if (id) body.version = version;
      let res, j;
      save.disabled = true;
      status.textContent = "Saving…";
      try {
        const headers = { "Content-Type": "application/json" };
        if (id) headers.Authorization = "Bearer " + token;
        res = await fetch(id ? "/api/rosters/" + id : "/api/rosters", { method: id ? "PUT" : "POST", headers, body: JSON.stringify(body) });
        j = await res.json();
      } catch (e) {
        err.textContent = "Not saved: " + e.message;
        err.hidden = false;
        return;
      } finally {
        save.disabled = false;
        status.textContent = "";
      }
      if (!res.ok) {
        // "models[2].profile.WS: …" names the model by its place.
        err.textContent = "Not saved: " + (j.error || res.statusText).replace(/^roster\.yaml: /, "")
          .replace(/models\[(\d+)\]\.profile\.([^:]+)/g, (_, k, st) => "model " + (Number(k) + 1) + "'s " + st)
          .replace(/models\[(\d+)\]/g, (_, k) => "model " + (Number(k) + 1));
        err.hidden = false;
        err.scrollIntoView({ block: "center" });
        return;
      }
      saved(j, true);
      load(j);
      dirty = false;
      status.textContent = "Saved (version " + j.version + ").";
      $("#saved").scrollIntoView({ block: "start" });
    });
    if (id) {
      fetch("/api/rosters/" + id).then((r) => r.json()).then((j) => {
        load(j);
        if (token) saved(j, false);
        else {
          // Read only: the roster is shown, not edited.
          readOnly = true;
          $("#read-only").hidden = false;
          $("#save").hidden = $("#add-model").hidden = true;
          for (const e of $$("#edit-link, label[for=edit-link], #saved .hint")) e.hidden = true;
          for (const e of $$("input, select, button", editor)) {
            if (!e.closest("#saved")) e.disabled = true;
          }
          $("#saved-h").textContent = "Share or play it";
          $("h1", editor).textContent = "Roster: " + j.name;
          links(j);
        }
      });
    } else {
      models = [newModel()];
      render();
    }
    return;
  }

})();
