/*
 * The loadtest comparison page's charts, drawn with uPlot from the JSON in #compare-data: both latency
 * distributions overlaid by percentile, and each run's intervals over time (p99 and req/s). When done it
 * writes what it did into #report-status, as the run report does, for a headless browser to check.
 */
(function () {
  'use strict';

  var errors = window.__reportErrors || (window.__reportErrors = []);
  var charts = [];
  var HEIGHT = 300;
  var BASE = ['#1f77b4', '#4e97c9', '#7bb3dc', '#a6cdec'];
  var CAND = ['#d62728', '#e0585a', '#ea8485', '#f3adae'];

  function byId(id) { return document.getElementById(id); }

  function ms(v) {
    if (v == null || isNaN(v)) { return '\u2013'; }
    if (v >= 1000) { return (v / 1000).toFixed(2) + 's'; }
    if (v >= 1) { return v.toFixed(2) + 'ms'; }
    return Math.floor(v * 1000) + 'us';
  }

  function perSecond(v) {
    return v == null || isNaN(v) ? '\u2013' : v.toLocaleString('en', { maximumFractionDigits: 1 }) + '/s';
  }

  function percentileOf(x) { return 100 * (1 - 1 / x); }

  function percentileTick(x) {
    if (x == null) { return ''; }
    var decimals = Math.max(0, Math.ceil(Math.log10(x) - 2 - 1e-9));
    return percentileOf(x).toFixed(decimals) + '%';
  }

  function zeroBased(u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; }

  function yAxis(label, format) {
    return { label: label, size: 70, values: function (u, s) { return s.map(format); }, grid: { stroke: '#e6e9ef' } };
  }

  function chart(id, opts, data) {
    var el = byId(id);
    if (!el) { return; }
    try {
      opts.width = Math.max(300, el.clientWidth);
      opts.height = HEIGHT;
      charts.push({ id: id, el: el, u: new uPlot(opts, data, el) });
    } catch (e) {
      errors.push(id + ': ' + (e && e.stack ? e.stack : e));
    }
  }

  function percentiles(d) {
    var maxX = Math.max.apply(null, d.x);
    var top = Math.pow(10, Math.max(1, Math.ceil(Math.log10(maxX) - 1e-9)));
    chart('chart-percentiles', {
      scales: { x: { time: false, distr: 3, log: 10, range: function () { return [1, top]; } }, y: { range: zeroBased } },
      axes: [{
        label: 'percentile',
        splits: function (u, axis, min, max) {
          var s = [1, 2];
          for (var v = 10; v <= max * 1.000001; v *= 10) { s.push(v); }
          return s;
        },
        filter: function (u, splits) { return splits; },
        values: function (u, splits) { return splits.map(percentileTick); },
        grid: { stroke: '#e6e9ef' }
      }, yAxis('response time (ms)', String)],
      series: [
        { label: 'percentile', value: function (u, v) { return v == null ? '\u2013' : percentileOf(v).toFixed(3) + '%'; } },
        { label: 'baseline', stroke: BASE[0], width: 2, spanGaps: true, value: function (u, v) { return ms(v); } },
        { label: 'candidate', stroke: CAND[0], width: 2, spanGaps: true, value: function (u, v) { return ms(v); } }
      ]
    }, [d.x, d.baseline, d.candidate]);
  }

  function perInterval(id, t, key, label, format) {
    var series = [{ label: 'time', value: function (u, v) { return v == null ? '\u2013' : v + 's'; } }];
    var data = [t.t];
    var seen = { baseline: 0, candidate: 0 };
    t.runs.forEach(function (run) {
      var palette = run.side === 'baseline' ? BASE : CAND;
      var k = seen[run.side]++;   // each side's runs in its own shades, darkest first
      series.push({ label: run.label, stroke: palette[k % palette.length], width: 1.5, spanGaps: false,
        dash: run.side === 'baseline' ? [6, 3] : undefined, points: { show: t.t.length <= 60 },
        value: function (u, v) { return format(v); } });
      data.push(run[key]);
    });
    chart(id, {
      scales: { x: { time: false }, y: { range: zeroBased } },
      axes: [{ label: 'seconds since the start of the measured phase', grid: { stroke: '#e6e9ef' } }, yAxis(label, String)],
      series: series
    }, data);
  }

  function finish(expected) {
    var status = byId('report-status');
    status.setAttribute('data-state', errors.length === 0 ? 'rendered' : 'failed');
    status.setAttribute('data-expected', String(expected));
    status.setAttribute('data-charts', String(charts.length));
    status.setAttribute('data-canvases', String(document.querySelectorAll('canvas').length));
    status.setAttribute('data-errors', String(errors.length));
    status.textContent = errors.join('\n');
  }

  var expected = 0;
  try {
    var data = JSON.parse(byId('compare-data').textContent);
    expected = data.expectedCharts;
    if (typeof uPlot !== 'function') { throw new Error('uPlot is not loaded'); }
    if (data.percentiles) { percentiles(data.percentiles); }
    if (data.timeline) {
      perInterval('chart-p99', data.timeline, 'p99', 'p99 response time (ms)', ms);
      perInterval('chart-rps', data.timeline, 'rps', 'responses per second', perSecond);
    }
  } catch (e) {
    errors.push(e && e.stack ? e.stack : String(e));
  }
  setTimeout(function () { finish(expected); }, 0);
})();
