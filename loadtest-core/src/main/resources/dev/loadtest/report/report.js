/*
 * The loadtest HTML report's charts, drawn with uPlot from the JSON in #report-data.
 * When done it writes what it did into #report-status (charts drawn, canvases, errors caught), so that
 * a headless browser can tell whether the page rendered.
 */
(function () {
  'use strict';

  var errors = window.__reportErrors || (window.__reportErrors = []);
  var charts = [];
  var HEIGHT = 300;

  var COLORS = {
    response: '#d62728', service: '#1f77b4',
    responses: '#1f77b4', offered: '#7f7f7f',
    p50: '#2ca02c', p90: '#1f77b4', p99: '#ff7f0e', max: '#d62728',
    '2xx': '#2ca02c', '3xx': '#17becf', '4xx': '#ff7f0e', '5xx': '#d62728', errors: '#7b1fa2'
  };

  function byId(id) { return document.getElementById(id); }

  /** Milliseconds as h2load prints durations: 812us, 12.09ms, 1.01s. */
  function ms(v) {
    if (v == null || isNaN(v)) { return '\u2013'; }
    if (v >= 1000) { return (v / 1000).toFixed(2) + 's'; }
    if (v >= 1) { return v.toFixed(2) + 'ms'; }
    return Math.floor(v * 1000) + 'us';
  }

  function perSecond(v) {
    return v == null || isNaN(v) ? '\u2013' : v.toLocaleString('en', { maximumFractionDigits: 1 }) + '/s';
  }

  function seconds(v) {
    return v == null ? '\u2013' : (Math.round(v * 1000) / 1000) + 's';
  }

  /** The percentile at x = 1 / (1 - p). */
  function percentileOf(x) { return 100 * (1 - 1 / x); }

  /** Tick labels of the percentile axis: 0%, 50%, 90%, 99%, 99.9%, 99.99% ... */
  function percentileTick(x) {
    if (x == null) { return ''; }
    var decimals = Math.max(0, Math.ceil(Math.log10(x) - 2 - 1e-9));
    return percentileOf(x).toFixed(decimals) + '%';
  }

  /** A percentile for the legend, with as many decimals as its nines need. */
  function percentileValue(x) {
    if (x == null) { return '\u2013'; }
    var p = percentileOf(x);
    var rest = 100 - p;
    var decimals = rest <= 0 ? 0 : Math.min(8, Math.max(1, Math.ceil(-Math.log10(rest)) + 1));
    return p.toFixed(decimals) + '%';
  }

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
    var el = byId(id);
    if (!el) { return; }
    try {
      opts.width = Math.max(300, el.clientWidth);
      opts.height = HEIGHT;
      var u = new uPlot(opts, data, el);
      charts.push({ id: id, el: el, u: u, colors: visibleColors(opts.series) });
    } catch (e) {
      errors.push(id + ': ' + (e && e.stack ? e.stack : e));
    }
  }

  function visibleColors(series) {
    var colors = [];
    for (var i = 1; i < series.length; i++) {
      if (series[i].show !== false) { colors.push(series[i].stroke); }
    }
    return colors;
  }

  var yAxis = function (label, format) {
    return {
      label: label, size: 70,
      values: function (u, splits) { return splits.map(format); },
      grid: { stroke: '#e6e9ef' }
    };
  };

  /** The time axis: ticks at whole multiples of the interval, never between two points. */
  function timeAxis(t) {
    var step = t.interval > 0 ? t.interval : 1;
    var incrs = [];
    [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400].forEach(function (k) {
      incrs.push(step * k);
    });
    return { label: 'seconds since the start of the measured phase', incrs: incrs, grid: { stroke: '#e6e9ef' } };
  }

  function zeroBased(u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; }

  function percentilesChart(d) {
    var maxX = Math.max.apply(null, d.x);
    var top = Math.pow(10, Math.max(1, Math.ceil(Math.log10(maxX) - 1e-9)));
    var few = d.x.length <= 3;   // a line of one or two points is hard to see: mark them
    chart('chart-percentiles', {
      scales: {
        x: { time: false, distr: 3, log: 10, range: function () { return [1, top]; } },
        y: { range: zeroBased }
      },
      axes: [
        {
          label: 'percentile',
          splits: function (u, axis, min, max) {
            var s = [1, 2];
            for (var v = 10; v <= max * 1.000001; v *= 10) { s.push(v); }
            return s;
          },
          // keep every split: uPlot's own filter for log axes blanks some when they are close
          filter: function (u, splits) { return splits; },
          values: function (u, splits) { return splits.map(percentileTick); },
          grid: { stroke: '#e6e9ef' }
        },
        yAxis('latency (ms)', function (v) { return String(v); })
      ],
      series: [
        { label: 'percentile', value: function (u, v) { return percentileValue(v); } },
        line(window.__reportData.rateDriven ? 'response time (corrected)' : 'response time', COLORS.response,
          d.response, { spanGaps: true, points: { show: few }, value: function (u, v) { return ms(v); } }),
        line('service time', COLORS.service, d.service,
          { spanGaps: true, points: { show: few }, dash: [8, 4], value: function (u, v) { return ms(v); } })
      ]
    }, [d.x, d.response, d.service]);
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
      scales: { x: { time: false }, y: { range: zeroBased } },
      axes: [timeAxis(t), yAxis('requests per second', function (v) { return v.toLocaleString('en'); })],
      series: series
    }, data);
  }

  function latencyChart(t, rateDriven) {
    var series = [{ label: 'time', value: function (u, v) { return seconds(v); } }];
    var data = [t.t];
    var figures = ['p50', 'p90', 'p99', 'max'];
    figures.forEach(function (f) {
      series.push(line((rateDriven ? 'response ' : '') + f, COLORS[f], t.response[f],
        { value: function (u, v) { return ms(v); } }));
      data.push(t.response[f]);
    });
    if (rateDriven) {
      // the uncorrected figures, off at first: a click on the legend shows them
      figures.forEach(function (f) {
        series.push(line('service ' + f, COLORS[f], t.service[f],
          { dash: [6, 4], width: 1.5, show: false, value: function (u, v) { return ms(v); } }));
        data.push(t.service[f]);
      });
    }
    chart('chart-latency', {
      scales: { x: { time: false }, y: { range: zeroBased } },
      axes: [timeAxis(t), yAxis('latency (ms)', function (v) { return String(v); })],
      series: series
    }, data);
  }

  function statusChart(t) {
    var series = [{ label: 'time', value: function (u, v) { return seconds(v); } }];
    var data = [t.t];
    ['2xx', '3xx', '4xx', '5xx', 'errors'].forEach(function (k) {
      var values = t.status[k];
      // a class that never occurred stays in the legend, switched off
      series.push(line(k === 'errors' ? 'errors/s' : k + '/s', COLORS[k], values,
        { show: !allZeroOrNull(values) || k === '2xx', value: function (u, v) { return perSecond(v); } }));
      data.push(values);
    });
    chart('chart-status', {
      scales: { x: { time: false }, y: { range: zeroBased } },
      axes: [timeAxis(t), yAxis('per second', function (v) { return v.toLocaleString('en'); })],
      series: series
    }, data);
  }

  /** Pixels of a chart's canvas in the colours of its visible series: proof that lines were drawn. */
  function seriesPixels(c) {
    var canvas = c.el.querySelector('canvas');
    if (!canvas || c.colors.length === 0) { return 0; }
    var rgb = c.colors.map(function (h) {
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
    var status = byId('report-status');
    var painted = 0;
    charts.forEach(function (c) {
      try {
        if (seriesPixels(c) > 20) { painted++; }
      } catch (e) {
        errors.push('reading ' + c.id + ': ' + e);
      }
    });
    status.setAttribute('data-state', errors.length === 0 ? 'rendered' : 'failed');
    status.setAttribute('data-expected', String(expected));
    status.setAttribute('data-charts', String(charts.length));
    status.setAttribute('data-painted', String(painted));
    status.setAttribute('data-canvases', String(document.querySelectorAll('canvas').length));
    status.setAttribute('data-errors', String(errors.length));
    status.setAttribute('data-height', String(document.documentElement.scrollHeight));
    status.textContent = errors.join('\n');
    if (errors.length > 0) {
      var banner = document.createElement('div');
      banner.className = 'report-failed';
      banner.textContent = 'The charts of this report failed to render:\n' + errors.join('\n');
      var main = document.querySelector('main');
      main.insertBefore(banner, main.firstChild);
    }
  }

  var expected = 0;
  try {
    var data = JSON.parse(byId('report-data').textContent);
    window.__reportData = data;
    expected = data.expectedCharts;
    if (typeof uPlot !== 'function') {
      throw new Error('uPlot is not loaded');
    }
    if (data.percentiles) {
      percentilesChart(data.percentiles);
    }
    if (data.timeline) {
      throughputChart(data.timeline);
      latencyChart(data.timeline, data.rateDriven);
      statusChart(data.timeline);
    }
  } catch (e) {
    errors.push(e && e.stack ? e.stack : String(e));
  }

  var resizing = null;
  window.addEventListener('resize', function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () {
      charts.forEach(function (c) { c.u.setSize({ width: Math.max(300, c.el.clientWidth), height: HEIGHT }); });
    }, 100);
  });

  // uPlot draws on its canvases in a microtask: a task queued now runs after it
  setTimeout(function () { finish(expected); }, 0);
})();
