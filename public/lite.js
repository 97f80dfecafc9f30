// The accessible page: a plain form and a results table driven by sizer.mjs (the same engine as
// the app). State lives in the URL fragment, in the share-link format the app uses.
import createSizer from './sizer.mjs';

const form = document.getElementById('form');
const statusLine = document.getElementById('status');
const errorLine = document.getElementById('error');

const GB = 1e9;
const fmt = (value, digits = 1) =>
  value === null || value === undefined ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits });
const gb = (bytes) => (bytes === null ? '—' : `${fmt(bytes / GB, 2)} GB`);

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
    rows.push(['Step time', `${fmt(t.stepSeconds, 2)} s`],
              ['Training throughput', `${fmt(t.tokensPerSecond, 0)} tokens/s`],
              ['Total time', `${fmt(t.totalHours, 1)} hours (${fmt(t.gpuHours, 0)} GPU-hours)`],
              ['Trainable parameters', fmt(t.trainableParams, 0)]);
  } else {
    const i = result.inference;
    rows.push(['Time to first token', `${fmt(i.ttftSeconds, 3)} s`],
              ['Decode speed per sequence', `${fmt(i.decodeTokensPerSecond, 1)} tokens/s`],
              ['Total throughput', `${fmt(i.throughputTokensPerSecond, 0)} tokens/s`],
              ['Largest batch that fits', fmt(i.maxBatch, 0)],
              ['Longest context that fits', `${fmt(i.maxContextTokens, 0)} tokens`]);
  }
  rows.push(['Bottleneck', result.bottleneck],
            ['Cost', result.cost.priceKnown
              ? `$${fmt(result.cost.usdPerHour, 2)}/hour, $${fmt(result.cost.usdPerMillionTokens, 3)} per million tokens`
              : 'price unknown']);
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
  sizer = await createSizer();
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
