/*
 * The loadtest comparison page's charts, drawn with uPlot from the JSON in #compare-data with the helpers of
 * charts.js (loadtestCharts), inlined before this script: both response time distributions overlaid by
 * percentile, and each run's intervals over time (p99 and req/s). When done it writes what it did into
 * #report-status, as the run report does, for a headless browser to check.
 */
(function () {
  'use strict';

  var c = loadtestCharts;
  var ms = c.ms;
  var drawn = 0;
  var HEIGHT = 300;
  var BASE = ['#1f77b4', '#4e97c9', '#7bb3dc', '#a6cdec'];
  var CAND = ['#d62728', '#e0585a', '#ea8485', '#f3adae'];

  function chart(id, opts, data) {
    if (c.chart(id, opts, data, HEIGHT)) { drawn++; }
  }

  function percentiles(d) {
    chart('chart-percentiles', {
      scales: { x: c.percentileScale(d.x), y: { range: c.zeroBased } },
      axes: [c.percentileAxis(), c.yAxis('response time (ms)', String)],
      series: [
        { label: 'percentile', value: function (u, v) { return v == null ? '\u2013' : c.percentileOf(v).toFixed(3) + '%'; } },
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
      scales: { x: { time: false }, y: { range: c.zeroBased } },
      axes: [{ label: 'seconds since the start of the measured phase', grid: c.grid }, c.yAxis(label, String)],
      series: series
    }, data);
  }

  var expected = 0;
  try {
    var data = JSON.parse(c.byId('compare-data').textContent);
    expected = data.expectedCharts;
    if (typeof uPlot !== 'function') { throw new Error('uPlot is not loaded'); }
    if (data.percentiles) { percentiles(data.percentiles); }
    if (data.timeline) {
      perInterval('chart-p99', data.timeline, 'p99', 'p99 response time (ms)', ms);
      perInterval('chart-rps', data.timeline, 'rps', 'responses per second', c.perSecond);
    }
  } catch (e) {
    c.errors.push(e && e.stack ? e.stack : String(e));
  }
  setTimeout(function () { c.writeStatus(expected, drawn, {}); }, 0);
})();
