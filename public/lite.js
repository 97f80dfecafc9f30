// The accessible page: a plain form and a results table driven by the app's own engine. The page
// loads the app's module (app.js, app.wasm, app.deferred.wasm) without running the app, and calls
// the JS contract's functions that module exports (imgui_app/lite_api.cpp), so the site ships one
// engine. State lives in the URL fragment, in the share-link format the app uses.

const form = document.getElementById('form');
const statusLine = document.getElementById('status');
const errorLine = document.getElementById('error');

const GB = 1e9;
const fmt = (value, digits = 1) =>
  value === null || value === undefined ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits });
const missing = (value) => value === null || value === undefined;
// A figure with its unit, or a bare dash when the engine has none (e.g. speed of a plan that does
// not fit), never "— s".
const unit = (value, digits, suffix) => (missing(value) ? '—' : `${fmt(value, digits)} ${suffix}`);
const gb = (bytes) => (missing(bytes) ? '—' : unit(bytes / GB, 2, 'GB'));

function fillSelect(name, items, label) {
  const select = form.elements[name];
  for (const item of items) select.add(new Option(label(item), item.id));
}

// Form fields are named after request fields ("training.seqLen" -> request.training.seqLen).
function readRequest() {
  const request = {};
  for (const element of form.elements) {
    if (!element.name) continue;
    const value = element.type === 'number' || element.name === 'training.zeroStage'
      ? Number(element.value) : element.value;
    const [head, tail] = element.name.split('.');
    if (tail) (request[head] ||= {})[tail] = value;
    else request[head] = value;
  }
  return request;
}

function writeRequest(request) {
  for (const element of form.elements) {
    if (!element.name) continue;
    const [head, tail] = element.name.split('.');
    const value = tail ? request[head]?.[tail] : request[head];
    if (value !== undefined && typeof value !== 'object') element.value = String(value);
  }
}

function showMode() {
  const training = form.elements.mode.value === 'training';
  document.getElementById('training-fields').hidden = !training;
  document.getElementById('inference-fields').hidden = training;
}

function render(result) {
  const m = result.memory;
  const verdict = document.getElementById('verdict');
  verdict.className = m.fits ? 'fits' : 'nofit';
  verdict.textContent = m.fits
    ? `Fits: ${gb(m.perGpuBytes)} of ${gb(m.capacityBytes)} per GPU. ${result.bottleneckSentence}`
    : `Does not fit: ${m.firstReason} ${result.bottleneckSentence}`;
  const rows = [
    ['Memory per GPU', gb(m.perGpuBytes)],
    ['Usable memory per GPU', gb(m.capacityBytes)],
    ['Weights', gb(m.weightsBytes)],
    ['KV cache', gb(m.kvCacheBytes)],
    ['Activations', gb(m.activationBytes)],
    ['Gradients', gb(m.gradientBytes)],
    ['Optimizer states', gb(m.optimizerBytes)],
    ['Runtime overhead', gb(m.overheadBytes)],
    ['Host RAM needed', gb(m.hostRamBytes)],
    ['Parameters', `${fmt(result.params.total / 1e9, 2)} B (active ${fmt(result.params.active / 1e9, 2)} B)`],
  ];
  if (result.request.mode === 'training') {
    const t = result.training;
    rows.push(['Step time', unit(t.stepSeconds, 2, 's')],
              ['Training throughput', unit(t.tokensPerSecond, 0, 'tokens/s')],
              ['Total time', missing(t.totalHours) ? '—' : `${unit(t.totalHours, 1, 'hours')} (${unit(t.gpuHours, 0, 'GPU-hours')})`],
              ['Trainable parameters', fmt(t.trainableParams, 0)]);
  } else {
    const i = result.inference;
    rows.push(['Time to first token', unit(i.ttftSeconds, 3, 's')],
              ['Decode speed per sequence', unit(i.decodeTokensPerSecond, 1, 'tokens/s')],
              ['Total throughput', unit(i.throughputTokensPerSecond, 0, 'tokens/s')],
              ['Largest batch that fits', fmt(i.maxBatch, 0)],
              ['Longest context that fits', unit(i.maxContextTokens, 0, 'tokens')]);
  }
  const c = result.cost;
  const cost = !c.priceKnown ? 'price unknown'
    : missing(c.usdPerHour) ? '— (no cost for a plan that does not fit)'
    : `$${fmt(c.usdPerHour, 2)}/hour` +
      (missing(c.usdPerMillionTokens) ? '' : `, $${fmt(c.usdPerMillionTokens, 3)} per million tokens`);
  rows.push(['Bottleneck', result.bottleneck], ['Cost', cost]);
  const body = document.querySelector('#results tbody');
  body.replaceChildren(...rows.map(([name, value]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    const td = document.createElement('td');
    td.className = 'num';
    td.textContent = value;
    tr.append(th, td);
    return tr;
  }));
  // The verdict already gives the reason it does not fit: the memory warning would repeat it.
  const repeatsVerdict = (id) => id === 'memory-over-capacity' || id === 'memory-over-host-ram';
  const notes = result.warnings.filter((w, i) => !repeatsVerdict(result.warningIds[i]));
  document.getElementById('warnings').replaceChildren(...notes.map((w) => {
    const li = document.createElement('li');
    li.textContent = w;
    return li;
  }));
}

// Both wasm files before the runtime starts: what the page calls lies in app.deferred.wasm
// (imgui_app/split_app.mjs), which imports app.wasm's exports and fills its placeholders.
function compileWasm(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }).then((bytes) => WebAssembly.compile(bytes));
}

function loadEngine() {
  const modules = Promise.all([compileWasm('app.wasm'), compileWasm('app.deferred.wasm')]);
  return new Promise((resolve, reject) => {
    let deferred = null;
    window.Module = {
      noInitialRun: true,
      instantiateWasm(imports, done) {
        modules.then(async ([app, split]) => {
          const instance = await WebAssembly.instantiate(app, imports);
          deferred = new WebAssembly.Instance(split, { primary: instance.exports });
          done(instance, app);
        }).catch(reject);
        return {};
      },
      loadSplitModule: () => [deferred],
      onRuntimeInitialized: () => resolve(window.Module),
      onAbort: (what) => reject(new Error(String(what))),
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
    };
    const script = document.createElement('script');
    script.src = 'app.js';
    script.onerror = () => reject(new Error('app.js could not be loaded'));
    document.head.append(script);
  });
}

// The calls as in web/sizer.d.ts: JSON text in, the envelope {ok, value | error} out.
function engineCalls(module) {
  const call = (name, first = '', second = '') => {
    const args = [name, first, second].map((text) => module.allocateUTF8(text));
    const reply = module._llm_sizer_api(...args);
    for (const pointer of args) module._free(pointer);
    const envelope = JSON.parse(module.UTF8ToString(reply));
    module._free(reply);
    if (!envelope.ok) throw new Error(envelope.error);
    return envelope.value;
  };
  const json = (value) => JSON.stringify(value ?? {});
  return {
    listGpus: () => call('listGpus'),
    listModels: () => call('listModels'),
    listFormats: () => call('listFormats'),
    normalizeRequest: (request) => call('normalizeRequest', json(request)),
    estimate: (request, options) => call('estimate', json(request), json(options)),
    encodeShareLink: (request, ui) => call('encodeShareLink', json(request), json(ui)),
    decodeShareLink: (fragment) => call('decodeShareLink', String(fragment ?? '')),
  };
}

let sizer;
function update() {
  showMode();
  try {
    const request = readRequest();
    const result = sizer.estimate(request);
    errorLine.textContent = '';
    render(result);
    const fragment = sizer.encodeShareLink(request, {});
    history.replaceState(null, '', '#' + fragment);
    document.getElementById('share').href = '#' + fragment;
    statusLine.textContent = 'Estimate updated.';
  } catch (e) {
    errorLine.textContent = e.message;
    statusLine.textContent = 'The inputs have a problem.';
  }
}

try {
  sizer = engineCalls(await loadEngine());
  fillSelect('model', sizer.listModels(), (m) => m.name || m.id);
  fillSelect('gpu', sizer.listGpus(), (g) => g.name || g.id);
  const formats = sizer.listFormats();
  fillSelect('weights', formats, (f) => `${f.name || f.id} (${fmt(f.bitsPerWeight, 2)} bits)`);
  fillSelect('kvCache', formats.filter((f) => f.usableForKvCache), (f) => f.name || f.id);
  writeRequest(sizer.normalizeRequest({}).request);
  if (location.hash.length > 1) {
    const link = sizer.decodeShareLink(location.hash);
    writeRequest(link.request);
    if (link.errors.length) errorLine.textContent = 'Link: ' + link.errors.join('; ');
  }
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => { event.preventDefault(); update(); });
  update();
  window.llmSizerLiteReady = true;
} catch (e) {
  statusLine.textContent = 'The engine failed to load: ' + e.message;
}
