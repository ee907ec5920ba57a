/*
 * The loadtest HTML report's charts, drawn with uPlot from the JSON in #report-data, with the helpers of
 * charts.js (loadtestCharts), which is inlined before this script.
 * When done it writes what it did into #report-status (charts drawn, canvases, errors caught), so that
 * a headless browser can tell whether the page rendered.
 */
(function () {
  'use strict';

  var c = loadtestCharts;
  var ms = c.ms, perSecond = c.perSecond, seconds = c.seconds;
  var charts = [];
  var HEIGHT = 300;

  var COLORS = {
    responseTime: '#d62728', serviceTime: '#1f77b4',
    responses: '#1f77b4', offered: '#7f7f7f',
    p50: '#2ca02c', p90: '#1f77b4', p99: '#ff7f0e', max: '#d62728',
    '2xx': '#2ca02c', '3xx': '#17becf', '4xx': '#ff7f0e', '5xx': '#d62728', errors: '#7b1fa2'
  };
  // one per step, in order; past ten they repeat, dashed
  var STEP_COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf'];

  function allZeroOrNull(values) {
    for (var i = 0; i < values.length; i++) {
      if (values[i] != null && values[i] !== 0) { return false; }
    }
    return true;
  }

  function line(label, color, values, extra) {
    var s = { label: label, stroke: color, width: 2, points: { show: values.length <= 60 }, spanGaps: false };
    for (var k in extra) { if (Object.prototype.hasOwnProperty.call(extra, k)) { s[k] = extra[k]; } }
    return s;
  }

  function chart(id, opts, data) {
    var u = c.chart(id, opts, data, HEIGHT);
    if (u) { charts.push({ id: id, el: c.byId(id), u: u, colors: visibleColors(opts.series) }); }
  }

  function visibleColors(series) {
    var colors = [];
    for (var i = 1; i < series.length; i++) {
      if (series[i].show !== false) { colors.push(series[i].stroke); }
    }
    return colors;
  }

  /** The time axis: ticks at whole multiples of the interval, never between two points. */
  function timeAxis(t) {
    var step = t.interval > 0 ? t.interval : 1;
    var incrs = [];
    [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400].forEach(function (k) {
      incrs.push(step * k);
    });
    return { label: 'seconds since the start of the measured phase', incrs: incrs, grid: c.grid };
  }

  function percentilesChart(d) {
    var few = d.x.length <= 3;   // a line of one or two points is hard to see: mark them
    chart('chart-percentiles', {
      scales: { x: c.percentileScale(d.x), y: { range: c.zeroBased } },
      axes: [c.percentileAxis(), c.yAxis('latency (ms)', String)],
      series: [
        { label: 'percentile', value: function (u, v) { return c.percentileValue(v); } },
        line(window.__reportData.rateDriven ? 'response time (corrected)' : 'response time', COLORS.responseTime,
          d.responseTime, { spanGaps: true, points: { show: few }, value: function (u, v) { return ms(v); } }),
        line('service time', COLORS.serviceTime, d.serviceTime,
          { spanGaps: true, points: { show: few }, dash: [8, 4], value: function (u, v) { return ms(v); } })
      ]
    }, [d.x, d.responseTime, d.serviceTime]);
  }

  /** A scenario run's steps: each one's response time by percentile, one line per step, in the scenario's order. */
  function stepsChart(d) {
    var few = d.x.length <= 3;
    var series = [{ label: 'percentile', value: function (u, v) { return c.percentileValue(v); } }];
    var data = [d.x];
    d.names.forEach(function (name, i) {
      var extra = { spanGaps: true, points: { show: few }, value: function (u, v) { return ms(v); } };
      if (i >= STEP_COLORS.length) { extra.dash = [8, 4]; }
      series.push(line(name, STEP_COLORS[i % STEP_COLORS.length], d.responseTime[i], extra));
      data.push(d.responseTime[i]);
    });
    chart('chart-steps', {
      scales: { x: c.percentileScale(d.x), y: { range: c.zeroBased } },
      axes: [c.percentileAxis(), c.yAxis('response time (ms)', String)],
      series: series
    }, data);
  }

  function throughputChart(t) {
    var series = [{ label: 'time', value: function (u, v) { return seconds(v); } },
      line('responses/s', COLORS.responses, t.responses, { fill: 'rgba(31,119,180,0.08)', value: function (u, v) { return perSecond(v); } })];
    var data = [t.t, t.responses];
    if (t.offered) {
      series.push(line('offered req/s', COLORS.offered, t.offered, { dash: [6, 4], value: function (u, v) { return perSecond(v); } }));
      data.push(t.offered);
    }
    chart('chart-throughput', {
      scales: { x: { time: false }, y: { range: c.zeroBased } },
      axes: [timeAxis(t), c.yAxis('requests per second', function (v) { return v.toLocaleString('en'); })],
      series: series
    }, data);
  }

  function latencyChart(t, rateDriven) {
    var series = [{ label: 'time', value: function (u, v) { return seconds(v); } }];
    var data = [t.t];
    var figures = ['p50', 'p90', 'p99', 'max'];
    figures.forEach(function (f) {
      series.push(line((rateDriven ? 'response time ' : '') + f, COLORS[f], t.responseTime[f],
        { value: function (u, v) { return ms(v); } }));
      data.push(t.responseTime[f]);
    });
    if (rateDriven) {
      // the uncorrected figures, off at first: a click on the legend shows them
      figures.forEach(function (f) {
        series.push(line('service time ' + f, COLORS[f], t.serviceTime[f],
          { dash: [6, 4], width: 1.5, show: false, value: function (u, v) { return ms(v); } }));
        data.push(t.serviceTime[f]);
      });
    }
    chart('chart-latency', {
      scales: { x: { time: false }, y: { range: c.zeroBased } },
      axes: [timeAxis(t), c.yAxis('latency (ms)', String)],
      series: series
    }, data);
  }

  function statusChart(t) {
    var series = [{ label: 'time', value: function (u, v) { return seconds(v); } }];
    var data = [t.t];
    // checkFailed: only in the data of a run with response checks
    ['2xx', '3xx', '4xx', '5xx', 'errors', 'checkFailed'].filter(function (k) { return k in t.status; })
        .forEach(function (k) {
      var values = t.status[k];
      // a class that never occurred stays in the legend, switched off
      series.push(line(k === 'errors' ? 'errors/s' : k === 'checkFailed' ? 'check failures/s' : k + '/s', COLORS[k], values,
        { show: !allZeroOrNull(values) || k === '2xx', value: function (u, v) { return perSecond(v); } }));
      data.push(values);
    });
    chart('chart-status', {
      scales: { x: { time: false }, y: { range: c.zeroBased } },
      axes: [timeAxis(t), c.yAxis('per second', function (v) { return v.toLocaleString('en'); })],
      series: series
    }, data);
  }

  /** Pixels of a chart's canvas in the colours of its visible series: proof that lines were drawn. */
  function seriesPixels(ch) {
    var canvas = ch.el.querySelector('canvas');
    if (!canvas || ch.colors.length === 0) { return 0; }
    var rgb = ch.colors.map(function (h) {
      return [parseInt(h.substr(1, 2), 16), parseInt(h.substr(3, 2), 16), parseInt(h.substr(5, 2), 16)];
    });
    var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    var n = 0;
    for (var i = 0; i < px.length; i += 4) {
      if (px[i + 3] < 200) { continue; }
      for (var k = 0; k < rgb.length; k++) {
        if (Math.abs(px[i] - rgb[k][0]) < 24 && Math.abs(px[i + 1] - rgb[k][1]) < 24 && Math.abs(px[i + 2] - rgb[k][2]) < 24) {
          n++;
          break;
        }
      }
    }
    return n;
  }

  function finish(expected) {
    var painted = 0;
    charts.forEach(function (ch) {
      try {
        if (seriesPixels(ch) > 20) { painted++; }
      } catch (e) {
        c.errors.push('reading ' + ch.id + ': ' + e);
      }
    });
    c.writeStatus(expected, charts.length, { painted: painted, height: document.documentElement.scrollHeight });
    if (c.errors.length > 0) {
      var banner = document.createElement('div');
      banner.className = 'report-failed';
      banner.textContent = 'The charts of this report failed to render:\n' + c.errors.join('\n');
      var main = document.querySelector('main');
      main.insertBefore(banner, main.firstChild);
    }
  }

  var expected = 0;
  try {
    var data = JSON.parse(c.byId('report-data').textContent);
    window.__reportData = data;
    expected = data.expectedCharts;
    if (typeof uPlot !== 'function') {
      throw new Error('uPlot is not loaded');
    }
    if (data.percentiles) {
      percentilesChart(data.percentiles);
    }
    if (data.steps) {
      stepsChart(data.steps);
    }
    if (data.timeline) {
      throughputChart(data.timeline);
      latencyChart(data.timeline, data.rateDriven);
      statusChart(data.timeline);
    }
  } catch (e) {
    c.errors.push(e && e.stack ? e.stack : String(e));
  }

  var resizing = null;
  window.addEventListener('resize', function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () {
      charts.forEach(function (ch) { ch.u.setSize({ width: Math.max(300, ch.el.clientWidth), height: HEIGHT }); });
    }, 100);
  });

  // uPlot draws on its canvases in a microtask: a task queued now runs after it
  setTimeout(function () { finish(expected); }, 0);
})();
