/*
 * The capacity search page's chart, drawn with uPlot from the JSON in #capacity-data with the helpers of
 * charts.js (loadtestCharts), inlined before this script: each step's response time percentiles against its
 * offered rate (the hockey stick), and the objective's limits across. It reports into #report-status as the run
 * report does.
 */
(function () {
  'use strict';

  var c = loadtestCharts;
  var drawn = 0;
  var expected = 0;
  try {
    var d = JSON.parse(c.byId('capacity-data').textContent);
    var colors = ['#2ca02c', '#1f77b4', '#ff7f0e', '#d62728'];
    var series = [{ label: 'offered req/s' }];
    var data = [d.rates];
    d.percentiles.forEach(function (p, i) {
      series.push({ label: p.name + ' response time', stroke: colors[i % colors.length], width: 2,
        points: { show: true, size: 7 }, value: function (u, v) { return c.ms(v); } });
      data.push(p.ms);
    });
    d.limits.forEach(function (l) {
      series.push({ label: l.name, stroke: '#000', dash: [8, 6], width: 1.5, points: { show: false },
        value: function () { return c.ms(l.ms); } });
      data.push(d.rates.map(function () { return l.ms; }));
    });
    if (d.rates.length > 0) {
      expected = 1;
      if (c.chart('chart-capacity', {
        scales: { x: { time: false }, y: { distr: 3 } },
        // uPlot's own tick labels: the log axis leaves some of its splits blank (null)
        axes: [{ label: 'offered rate (req/s)' }, { label: 'response time (ms)', size: 70 }],
        series: series
      }, data, 360)) {
        drawn = 1;
      }
    } else {
      c.byId('chart-capacity').textContent = 'No step with responses to draw.';
    }
  } catch (e) {
    c.errors.push('capacity chart: ' + e);
  }
  c.writeStatus(expected, drawn, {});
})();
