/**
 * The JSON result format: a load test's {@link dev.loadtest.Result} written and read back by
 * {@link dev.loadtest.json.ResultJson}, a stable contract for other tools (the full field list is
 * {@code docs/json-format.md}).
 *
 * <pre>{@code
 * ResultJson.write(result, Path.of("run.json"));
 * Result again = ResultJson.read(Path.of("run.json"));
 * }</pre>
 *
 * <p>A capacity search's answer ({@link dev.loadtest.CapacityAnswer}) has its own document,
 * {@code "format": "loadtest-capacity"}, written and read by {@link dev.loadtest.json.CapacityJson}: a
 * {@code capacity} object whose steps each carry a result in this format.
 *
 * <h2>Conventions</h2>
 * <ul>
 *   <li>One JSON object, UTF-8, {@code "format": "loadtest-result"}, {@code "formatVersion": 3}. Fields are
 *       added within a version and never removed or changed in meaning; readers ignore unknown fields. The
 *       reader also reads version 2 (before scenarios: no {@code steps}, {@code sessions} nor
 *       {@code tokenRequests}) and version 1 (0.1's shards and baselines), where the response time was
 *       {@code latency.request}.</li>
 *   <li>Counts are whole numbers. <b>Times are microseconds</b> (fields ending in {@code Micros}, exact to the
 *       nanosecond with up to three decimals); {@code durationSeconds} is in seconds.</li>
 *   <li>Each latency distribution carries {@code histogram}: the HdrHistogram (values in <b>nanoseconds</b>)
 *       in its compressed encoding, base64, so results merge and re-analyse losslessly. The summary figures
 *       beside it ({@code p99Micros}...) are derived from it.</li>
 * </ul>
 *
 * <h2>Fields</h2>
 * <ul>
 *   <li>{@code verdict}, {@code protocol}, {@code durationSeconds}, {@code stopped}</li>
 *   <li>{@code requests.{total,started,done,succeeded,failed,errored,timeout,notIssued}}</li>
 *   <li>{@code statusCodes}: status code → count</li>
 *   <li>{@code traffic.{totalBytes,headerBytes,decodedHeaderBytes,dataBytes,sentBytes,headerSpaceSavings}}</li>
 *   <li>{@code throughput.{requestsPerSecond,bytesPerSecond}}, {@code connections},
 *       {@code clientRequestRates}, {@code errors} (category → count, label, sample message)</li>
 *   <li>{@code rate.{offered,achieved,scheduled,dropped,late,backlogAtEnd,schedulerLag}} in rate-driven runs</li>
 *   <li>{@code latency.responseTime} (from the due time: corrected for coordinated omission),
 *       {@code latency.serviceTime} (from the send: h2load's time for request), {@code latency.connect},
 *       {@code latency.ttfb}: each {@code count, minMicros, maxMicros, meanMicros, stdDevMicros, p50Micros,
 *       p90Micros, p95Micros, p99Micros, p999Micros, histogram}</li>
 *   <li>{@code intervals}: the timeline, each {@code startMicros, lengthMicros, started, done, errored, bytes,
 *       requestsPerSecond, statusCodes} and summaries {@code latency.responseTime}, {@code latency.serviceTime}, each with
 *       its {@code histogram} (optional: files written before intervals kept histograms have none)</li>
 *   <li>{@code steps} (a scenario run only): one object per step with the run's figures under the same names
 *       ({@code name, requests, statusCodes, traffic, errors, checks, latency.responseTime, latency.serviceTime});
 *       {@code sessions}: {@code started, completed, failed, unfinished, failedAt, failureReasons, duration};
 *       {@code tokenRequests}: a step object named {@code token}, the token provider's own requests</li>
 *   <li>{@code configuration}: the {@link dev.loadtest.LoadTest}, enough to rebuild it. Secret header values
 *       ({@link dev.loadtest.Header#isSecret()}) are written as {@code <redacted>}; an {@code SSLContext}
 *       cannot be written, so {@code "tls"} records {@code default}, {@code insecure} or {@code custom}
 *       ({@code custom} reads back as the default trust store). Listeners are not written. A scenario run's
 *       {@code scenario} records what ran (name, load model, parts with their requests' templates, checks,
 *       extractions, pauses, conditions) but is not read back: a step's request may be a function.</li>
 * </ul>
 */
package dev.loadtest.json;
