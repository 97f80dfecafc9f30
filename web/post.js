// The JS face of the module (see sizer.d.ts). Each binding returns a JSON envelope
// {ok, value | error}; these wrappers parse it and throw an Error carrying the core's message.
(function () {
  function call(name, args) {
    const reply = JSON.parse(Module[name].apply(null, args));
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  }
  function text(value) {
    if (typeof value === 'string') return value;
    return JSON.stringify(value === undefined || value === null ? {} : value);
  }
  Module['listGpus'] = function () { return call('sizerListGpus', []); };
  Module['listModels'] = function () { return call('sizerListModels', []); };
  Module['listFormats'] = function () { return call('sizerListFormats', []); };
  Module['listHosts'] = function () { return call('sizerListHosts', []); };
  Module['estimate'] = function (request, options) {
    return call('sizerEstimate', [text(request), text(options)]);
  };
  Module['estimateMany'] = function (requests, options) {
    if (!Array.isArray(requests)) throw new Error('requests: must be a list of requests');
    return call('sizerEstimateMany', [JSON.stringify(requests), text(options)]);
  };
  Module['sweep'] = function (request, field, values) {
    if (!Array.isArray(values)) throw new Error('values: must be a list of numbers');
    return call('sizerSweep', [text(request), String(field), JSON.stringify(values)]);
  };
  Module['batchCurve'] = function (request) { return call('sizerBatchCurve', [text(request)]); };
  Module['layouts'] = function (request) { return call('sizerLayouts', [text(request)]); };
  Module['calibrate'] = function (request, measurement, measured) {
    return call('sizerCalibrate', [text(request), String(measurement), Number(measured)]);
  };
  Module['fitTable'] = function (request) { return call('sizerFitTable', [text(request)]); };
  Module['plan'] = function (request) { return call('sizerPlan', [text(request)]); };
  Module['assumptions'] = function (engine) {
    return call('sizerAssumptions', [engine === undefined ? 'generic' : String(engine)]);
  };
  Module['normalizeRequest'] = function (request) {
    return call('sizerNormalizeRequest', [text(request)]);
  };
  Module['encodeShareLink'] = function (request, ui) {
    return call('sizerEncodeShareLink', [text(request), text(ui)]);
  };
  Module['decodeShareLink'] = function (fragment) {
    return call('sizerDecodeShareLink', [String(fragment === undefined ? '' : fragment)]);
  };
  Module['importHfConfig'] = function (config) { return call('sizerImportHfConfig', [text(config)]); };
  // `bytes` may be just the start of the file; `fileSize` is the whole file's size, so the reader
  // can tell a truncated file from a slice that needs more bytes (status 'needs-more-bytes').
  Module['importModelFile'] = function (bytes, fileName, fileSize) {
    const data = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
    if (!(data instanceof Uint8Array)) throw new Error('bytes: must be a Uint8Array or ArrayBuffer');
    return call('sizerImportModelFile',
                [data, String(fileName || ''), Number(fileSize || data.length)]);
  };
  Module['parseLog'] = function (text) {
    return call('sizerParseLog', [String(text === undefined ? '' : text)]);
  };
})();
