/*
 * What the pages' scripts share (the run report's report.js, the comparison's compare.js, the capacity search's
 * capacity.js): number formats, the percentile axis, uPlot's chart creation, and the status a headless browser
 * reads. Inlined before each page's own script (Assets), as one global: loadtestCharts.
 */
var loadtestCharts = (function () {
  'use strict';

  var errors = window.__reportErrors || (window.__reportErrors = []);
  var GRID = { stroke: '#e6e9ef' };
  var DASH = '\u2013';

  function byId(id) { return document.getElementById(id); }

  /** Milliseconds as h2load prints durations: 812us, 12.09ms, 1.01s. */
  function ms(v) {
    if (v == null || isNaN(v)) { return DASH; }
    if (v >= 1000) { return (v / 1000).toFixed(2) + 's'; }
    if (v >= 1) { return v.toFixed(2) + 'ms'; }
    return Math.floor(v * 1000) + 'us';
  }

  function perSecond(v) {
    return v == null || isNaN(v) ? DASH : v.toLocaleString('en', { maximumFractionDigits: 1 }) + '/s';
  }

  function seconds(v) {
    return v == null ? DASH : (Math.round(v * 1000) / 1000) + 's';
  }

  /** The percentile at x = 1 / (1 - p), the x axis of HdrHistogram's percentile plots. */
  function percentileOf(x) { return 100 * (1 - 1 / x); }

  /** Tick labels of the percentile axis: 0%, 50%, 90%, 99%, 99.9%, 99.99% ... */
  function percentileTick(x) {
    if (x == null) { return ''; }
    var decimals = Math.max(0, Math.ceil(Math.log10(x) - 2 - 1e-9));
    return percentileOf(x).toFixed(decimals) + '%';
  }

  /** A percentile for a legend, with as many decimals as its nines need. */
  function percentileValue(x) {
    if (x == null) { return DASH; }
    var p = percentileOf(x);
    var rest = 100 - p;
    var decimals = rest <= 0 ? 0 : Math.min(8, Math.max(1, Math.ceil(-Math.log10(rest)) + 1));
    return p.toFixed(decimals) + '%';
  }

  /** The x scale of a percentile chart: log 10 from 1 (p0) to the power of ten above the last point. */
  function percentileScale(xs) {
    var maxX = Math.max.apply(null, xs);
    var top = Math.pow(10, Math.max(1, Math.ceil(Math.log10(maxX) - 1e-9)));
    return { time: false, distr: 3, log: 10, range: function () { return [1, top]; } };
  }

  /** The x axis of a percentile chart: ticks at p0, p50, p90, p99, p99.9 ... */
  function percentileAxis() {
    return {
      label: 'percentile',
      splits: function (u, axis, min, max) {
        var s = [1, 2];
        for (var v = 10; v <= max * 1.000001; v *= 10) { s.push(v); }
        return s;
      },
      // keep every split: uPlot's own filter for log axes blanks some when they are close
      filter: function (u, splits) { return splits; },
      values: function (u, splits) { return splits.map(percentileTick); },
      grid: GRID
    };
  }

  function yAxis(label, format) {
    return { label: label, size: 70, values: function (u, splits) { return splits.map(format); }, grid: GRID };
  }

  /** A y range from zero to a little above the highest value. */
  function zeroBased(u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; }

  /**
   * Draws a uPlot chart into the element of that id at the page's width; a failure is recorded, not thrown, so
   * the other charts are still drawn. Returns the uPlot, or null.
   */
  function chart(id, opts, data, height) {
    var el = byId(id);
    if (!el) { return null; }
    try {
      opts.width = Math.max(300, el.clientWidth);
      opts.height = height;
      return new uPlot(opts, data, el);
    } catch (e) {
      errors.push(id + ': ' + (e && e.stack ? e.stack : e));
      return null;
    }
  }

  /**
   * Writes into #report-status what the page did, for a headless browser to check: data-state (rendered or
   * failed), data-expected, data-charts, data-canvases, data-errors, any extra attributes, and the errors' text.
   */
  function writeStatus(expected, drawn, extra) {
    var status = byId('report-status');
    status.setAttribute('data-state', errors.length === 0 ? 'rendered' : 'failed');
    status.setAttribute('data-expected', String(expected));
    status.setAttribute('data-charts', String(drawn));
    status.setAttribute('data-canvases', String(document.querySelectorAll('canvas').length));
    status.setAttribute('data-errors', String(errors.length));
    for (var k in extra) {
      if (Object.prototype.hasOwnProperty.call(extra, k)) { status.setAttribute('data-' + k, String(extra[k])); }
    }
    status.textContent = errors.join('\n');
  }

  return {
    errors: errors, grid: GRID, byId: byId, ms: ms, perSecond: perSecond, seconds: seconds,
    percentileOf: percentileOf, percentileValue: percentileValue, percentileScale: percentileScale,
    percentileAxis: percentileAxis, yAxis: yAxis, zeroBased: zeroBased, chart: chart, writeStatus: writeStatus
  };
})();
