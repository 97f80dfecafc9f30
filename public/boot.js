// Starts the ImGui app (app.js + app.wasm) for index.html and stands guard over it:
//   [1] checks WebAssembly and WebGL 2, with a plain message when either is missing; the app asks
//       for its WebGL context when it has laid out its first frame (createContext, below);
//   [2] takes over app.wasm's compile, which index.html's inline script started as soon as the
//       page was parsed (window.llmSizerStarted); the progress bar reads a copy of the download;
//   [3] starts the Chinese text download at once when the UI will be Chinese, and the app once it
//       is in (else the app asks for it only if the user switches; see platform::fetch_chinese);
//   [4] the error boundary: a WebAssembly trap or a C++ exception replaces the frozen canvas with a
//       message, "reset to defaults" and a link that reproduces the failure;
//   [5] loads app.deferred.wasm, the functions the first frame does not run
//       (imgui_app/split_app.mjs), after the first frame; with app.wasm when the page starts
//       from a link or saved work, whose readers are among them;
//   [6] the same for en-late.tsv, the English the first frame does not show
//       (imgui_app/split_string_tables.py); a string asked for before it is in fetches it at once.
//   [7] links the web manifest and the touch icon after the first frame: the browser fetches
//       the manifest and its 192-px icon when it sees the link, and no first frame needs them.
// In the single-file build (llm-sizer.html, web/make-single-file.mjs) both wasm files, en-late.tsv
// and the Chinese text come from window.llmSizerInline (base64) instead of the network, and app.js
// is inlined.
// A file, not an inline script, so that the Content-Security-Policy lists one short inline script.
(function () {
  'use strict';
  var loading = document.getElementById('loading');
  var bar = document.getElementById('bar');
  var message = document.getElementById('message');
  var inline = window.llmSizerInline || null;
  function decodeBase64(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }
  var zhBrowser = /^zh/i.test(navigator.language || '');
  var text = {
    loading: zhBrowser ? '正在加载…' : 'Loading…',
    downloading: zhBrowser ? '正在下载 ' : 'Downloading ',
    starting: zhBrowser ? '正在启动…' : 'Starting…',
    noWasm: zhBrowser ? '此浏览器不支持 WebAssembly，无法运行交互式计算器。请使用纯 HTML 版本。'
                      : 'This browser does not support WebAssembly, which the interactive calculator needs. Please use the plain HTML version.',
    noWebgl: zhBrowser ? '此浏览器无法创建 WebGL 2 画布（可能关闭了硬件加速）。请开启硬件加速，或使用纯 HTML 版本。'
                       : 'This browser cannot create a WebGL 2 canvas (hardware acceleration may be off). Turn it on, or use the plain HTML version.',
    failed: zhBrowser ? '加载失败：' : 'Loading failed: '
  };
  message.textContent = text.loading;

  var loadFailed = false;  // the progress bar stops saying anything once a failure is shown
  function fail(why) {
    if (loadFailed) return;  // the first failure is the cause (no WebGL, then the app's exit)
    loadFailed = true;
    loading.hidden = false;
    bar.parentNode.hidden = true;
    message.textContent = why;
  }

  // [1] WebAssembly here; WebGL 2 when the app asks for its context (createContext).
  if (typeof WebAssembly !== 'object') { fail(text.noWasm); return; }
  var canvas = document.getElementById('canvas');

  // [3] The UI language, as the app will pick it: the link's, else the saved one, else the
  // browser's (main.cpp load_initial_state; the share link writes lang=zh, storage "lang":"zh").
  function uiIsChinese() {
    var hashLang = /(?:^#|&)lang=(\w+)/.exec(location.hash);
    if (hashLang) return hashLang[1] === 'zh';
    try {
      var saved = /"lang"\s*:\s*"(\w+)"/.exec(localStorage.getItem('llm-sizer-state') || '');
      if (saved) return saved[1] === 'zh';
    } catch (e) { /* storage blocked */ }
    return zhBrowser;
  }
  // What a Chinese UI adds (platform::fetch_chinese): the zh column of the string tables. Its
  // characters are drawn with the system's Chinese font (fonts/ui_fonts.hpp): no font to fetch.
  var chinese = null;
  var chineseBytes = null;  // the text once it is in, for the app to take at once (loadChineseNow)
  function loadChinese() {
    if (inline) return Promise.resolve(decodeBase64(inline.zh));
    if (!chinese) {
      window.llmSizerChineseFetched = true;  // register-sw.js has the worker cache it
      chinese = fetch('zh.tsv').then(function (response) {
        if (!response.ok) throw new Error('zh.tsv: HTTP ' + response.status);
        return response.arrayBuffer();
      });
      chinese.then(function (bytes) { chineseBytes = bytes; }, function () { chinese = null; });  // a later call retries
    }
    return chinese;
  }
  function loadChineseNow() { return inline ? decodeBase64(inline.zh) : chineseBytes; }
  // A Chinese UI: the text downloads beside app.wasm, and the app starts once both are in, so that
  // its first frame is already in Chinese (instantiate, below).
  var chineseFirst = uiIsChinese() ? loadChinese() : null;

  // [4]
  var failure = document.getElementById('failure');
  var failed = false;
  function showFailure(what) {
    if (failed) return;
    failed = true;
    var page = window.Module && Module.llmSizerPage;
    if (page) page.failed = true;
    var zh = /^zh/i.test(document.documentElement.lang);
    var words = zh ? {
      title: 'LLM Sizer 出错了', body: '计算器遇到内部错误，已停止运行：',
      reset: '恢复默认设置', reload: '重新加载', link: '重现此问题的链接', hint: '（报告问题时请附上）',
      lite: '无障碍纯 HTML 版本'
    } : {
      title: 'LLM Sizer stopped', body: 'The calculator hit an internal error and stopped:',
      reset: 'Reset to defaults', reload: 'Reload', link: 'Link that reproduces this', hint: ' (add it to a bug report)',
      lite: 'Accessible plain HTML version'
    };
    var recovery = (page && page.recovery) || { storageKey: 'llm-sizer-state', fragment: location.hash.replace(/^#/, '') };
    var base = location.href.split('#')[0];
    document.getElementById('failure-title').textContent = words.title;
    document.getElementById('failure-body').textContent = words.body;
    document.getElementById('failure-what').textContent = String(what);
    var reset = document.getElementById('failure-reset');
    reset.textContent = words.reset;
    reset.onclick = function () {
      try { localStorage.removeItem(recovery.storageKey); } catch (e) { /* storage blocked */ }
      location.replace(base);  // a URL without a fragment always loads afresh: the defaults
    };
    var reload = document.getElementById('failure-reload');
    reload.textContent = words.reload;
    reload.onclick = function () { location.reload(); };
    var link = document.getElementById('failure-link');
    link.textContent = words.link;
    link.href = recovery.fragment ? base + '#' + recovery.fragment : base;
    document.getElementById('failure-hint').textContent = words.hint;
    document.getElementById('failure-lite').textContent = words.lite;
    loading.hidden = true;
    failure.hidden = false;
    document.getElementById('canvas').hidden = true;
    document.getElementById('ime').hidden = true;
    reset.focus();
  }
  // What a thrown value says: a trap is a WebAssembly.RuntimeError, an uncaught C++ exception
  // (Emscripten's JS exception handling) a number, the address of the exception object.
  function describe(thrown) {
    if (thrown instanceof WebAssembly.RuntimeError) return 'WebAssembly trap: ' + thrown.message;
    if (thrown instanceof Error) return thrown.message;
    return 'C++ exception ' + thrown;
  }
  // A C++ exception caught in the frame arrives here (platform::fail); a trap or an uncaught
  // exception in a callback reaches Emscripten's handleException, which calls Module.quit; a trap
  // in a direct call from a page event handler is an uncaught error.
  window.addEventListener('error', function (e) {
    if (e.error instanceof WebAssembly.RuntimeError || typeof e.error === 'number') showFailure(describe(e.error));
  });

  // [5] The deferred module imports everything from app.wasm's exports ('primary') and, once
  // instantiated, fills the table slots that held placeholders. Until then a call to one of its
  // functions lands in Emscripten's placeholder handler, which calls loadSplitModule: the module
  // compiled by now, else fetched and compiled synchronously (the profile missed that function).
  var deferredUrl = 'app.deferred.wasm';
  var deferred = { module: null, compiling: null, instance: null };
  function compileDeferred() {
    if (!deferred.compiling) {
      deferred.compiling = (inline ? WebAssembly.compile(decodeBase64(inline.deferred))
        : fetch(deferredUrl).then(function (response) {
          if (!response.ok) throw new Error(deferredUrl + ': HTTP ' + response.status);
          return response.arrayBuffer();
        }).then(function (bytes) { return WebAssembly.compile(bytes); })).then(function (module) {
        deferred.module = module;
        return module;
      });
      deferred.compiling.catch(function () { deferred.compiling = null; });  // a later call retries
    }
    return deferred.compiling;
  }
  function deferredBytesNow() {
    if (inline) return decodeBase64(inline.deferred);
    var request = new XMLHttpRequest();
    request.open('GET', deferredUrl, false);
    request.overrideMimeType('text/plain; charset=x-user-defined');  // bytes, synchronously
    request.send();
    if (request.status !== 200) throw new Error(deferredUrl + ': HTTP ' + request.status);
    var bytes = new Uint8Array(request.responseText.length);
    for (var i = 0; i < bytes.length; ++i) bytes[i] = request.responseText.charCodeAt(i) & 0xff;
    return bytes;
  }
  // Once it is in, the app saves its state (platform::deferred_code_loaded): the flag is read by
  // the app, and the page event (7) wakes its loop when it is already running.
  function instantiateDeferred(primaryExports) {
    if (deferred.instance) return deferred.instance;
    var module = deferred.module || new WebAssembly.Module(deferredBytesNow());
    deferred.instance = new WebAssembly.Instance(module, { primary: primaryExports });
    Module.llmSizerDeferredLoaded = true;
    if (window.llmSizerReady) {
      Promise.resolve().then(function () {
        if (!(Module.llmSizerPage && Module.llmSizerPage.failed)) Module._llm_sizer_page_event(7);
      });
    }
    return deferred.instance;
  }
  // [6] The app asks for the text (platform::late_strings) at its first string that is not
  // compiled in: the fetched text by then, else a synchronous request (counted for the tests in
  // window.llmSizerLateStringsSync); null when it cannot be had (the app then shows keys).
  var lateUrl = 'en-late.tsv';
  var late = { text: inline ? new TextDecoder().decode(decodeBase64(inline.late)) : null, fetching: null };
  function fetchLate() {
    if (late.text !== null) return Promise.resolve(late.text);
    if (!late.fetching) {
      late.fetching = fetch(lateUrl).then(function (response) {
        if (!response.ok) throw new Error(lateUrl + ': HTTP ' + response.status);
        return response.text();
      }).then(function (text) {
        if (late.text === null) late.text = text;
        return late.text;
      });
      late.fetching.catch(function () { late.fetching = null; });  // the synchronous path retries
    }
    return late.fetching;
  }
  function loadLateStrings() {
    if (late.text !== null) return late.text;
    window.llmSizerLateStringsSync = (window.llmSizerLateStringsSync || 0) + 1;
    try {
      var request = new XMLHttpRequest();
      request.open('GET', lateUrl, false);
      request.overrideMimeType('text/plain; charset=utf-8');
      request.send();
      if (request.status === 200) late.text = request.responseText;
    } catch (e) { /* offline without the service worker's copy */ }
    return late.text;
  }

  // A link or saved work: their readers are deferred, so fetch both modules together.
  function startsFromSavedState() {
    if (/[#&](?!lang=)\w+=/.test(location.hash)) return true;
    try { return !!localStorage.getItem('llm-sizer-state'); } catch (e) { return false; }
  }
  var deferredFirst = startsFromSavedState();
  if (deferredFirst) {
    compileDeferred();
    fetchLate().catch(function () {});
  }

  // [2] The progress bar counts the bytes of a copy of the response, so the compile reads the
  // download directly, off the main thread, even while [1] holds that thread.
  function showProgress(response, total) {
    if (!total) return;
    var reader = response.body.getReader();
    var received = 0;
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) return;
        if (loadFailed) return reader.cancel();
        received += chunk.value.length;
        var percent = Math.min(100, Math.round(100 * received / total));
        bar.style.width = percent + '%';
        message.textContent = received < total ? text.downloading + percent + '%' : text.starting;
        return pump();
      });
    }
    pump().catch(function () {});
  }
  // Without streaming compilation (or the application/wasm type): the bytes first.
  function compileApp(response) {
    if (!response.ok) throw new Error('app.wasm: HTTP ' + response.status);
    return response.arrayBuffer().then(function (bytes) {
      message.textContent = text.starting;
      return WebAssembly.compile(bytes);
    });
  }
  var appWasm = null;  // the compiled app.wasm, a promise
  function instantiate(imports, done) {
    function ready(instance, module) {
      var exports = instance.exports;
      if (!deferredFirst) { done(instance, module); return; }
      // en-late.tsv too: such a page may open on the files panel or the Plan view.
      Promise.all([compileDeferred(), fetchLate().catch(function () {})]).then(function () {
        instantiateDeferred(exports);
        done(instance, module);
      }).catch(function (e) { fail(text.failed + e.message); });
    }
    // A failed Chinese download does not stop the app: it starts in English and says why.
    Promise.all([appWasm, chineseFirst && chineseFirst.catch(function () {})]).then(function (both) {
      var module = both[0];
      return WebAssembly.instantiate(module, imports).then(function (instance) { ready(instance, module); });
    }).catch(function (e) { fail(text.failed + e.message); });
    return {};
  }
  // [1] The app asks for its WebGL 2 context (platform::create_webgl_context) once it has laid out
  // its first frame: on a machine without a GPU the browser brings up its software renderer for
  // the first context (0.3-1.5 s under SwiftShader), and getContext waits for it, so the app does
  // its own work first. Without a context the app stops there and the page says why.
  // The context is the app's own: with the attributes its GLFW hints ask for (imgui_app/main.cpp),
  // GLFW's getContext returns it. The app has sized the canvas (css x dpr) before asking, so
  // nothing reallocates the drawing buffer.
  function createContext() {
    if (canvas.getContext('webgl2', { antialias: false, alpha: false, depth: false, stencil: false })) return true;
    fail(text.noWebgl);
    return false;
  }

  window.Module = {
    canvas: document.getElementById('canvas'),
    instantiateWasm: instantiate,
    llmSizerCreateContext: createContext,
    loadChinese: loadChinese,
    loadChineseNow: loadChineseNow,
    loadSplitModule: function (file, imports) { return [instantiateDeferred(imports.primary)]; },
    loadLateStrings: loadLateStrings,
    onAppReady: function () {
      loading.hidden = true;
      // [5] and [6] right away: the next click may need them. A failed download is retried by
      // the synchronous path when a deferred function or a late string is needed.
      compileDeferred().then(function () { instantiateDeferred(Module.asm); }).catch(function () {});
      fetchLate().catch(function () {});
      window.dispatchEvent(new Event('llmsizerready'));
      // Offline support comes after the first frame too (register-sw.js then waits for idle
      // before the precache); the single file has none, nor a manifest or touch icon.
      if (!inline) {
        [['manifest', 'manifest.webmanifest'], ['apple-touch-icon', 'apple-touch-icon.png']]
          .forEach(function (l) {
            var link = document.createElement('link');
            link.rel = l[0];
            link.href = l[1];
            document.head.appendChild(link);
          });
        var register = document.createElement('script');
        register.src = 'register-sw.js';
        document.body.appendChild(register);
      }
    },
    llmSizerFail: showFailure,
    onAbort: function (what) {
      if (window.llmSizerReady) showFailure(what); else fail(text.failed + what);
    },
    quit: function (status, thrown) {
      var what = thrown && thrown.name === 'ExitStatus' ? 'exit(' + status + ')' : describe(thrown);
      if (window.llmSizerReady) showFailure(what); else fail(text.failed + what);
      throw thrown;
    },
    print: function (t) { console.log(t); },
    printErr: function (t) { console.warn(t); }
  };

  // [1] and [2]: index.html's inline script started both (window.llmSizerEarly): the compile
  // reads the download off the main thread while the main thread creates the app's WebGL 2
  // context (under SwiftShader 0.15-1.5 s), which the app's own getContext then returns.
  if (inline) {  // app.js follows this script in the page
    appWasm = WebAssembly.compile(decodeBase64(inline.wasm));
  } else {
    appWasm = window.llmSizerStarted.then(function (started) {
      if (started.progress) showProgress(started.progress, +started.response.headers.get('Content-Length') || 0);
      return started.compiled || compileApp(started.response);
    });
    // Parsed and run while app.wasm compiles; it asks for the module (instantiate) at once.
    var script = document.createElement('script');
    script.src = 'app.js';
    script.onerror = function () { fail(text.failed + 'app.js'); };
    document.body.appendChild(script);
  }
  appWasm.catch(function () {});  // reported by instantiate, when the app asks for it
})();
