/**
 * Scenarios: virtual users, each a {@link dev.loadtest.scenario.Session} walking the
 * {@link dev.loadtest.scenario.Step}s of a {@link dev.loadtest.scenario.Scenario}, one request at a time, with
 * its own variables, feeder row and cookies, and think time between the steps.
 *
 * <pre>{@code
 * Scenario shop = Scenario.of("shop",
 *         Step.of("login", s -> Request.post("/login")
 *                         .body("user=" + s.row().get("user") + "&password=" + s.row().get("password"),
 *                                 "application/x-www-form-urlencoded"))
 *                 .checks(Check.status(200))
 *                 .extract(Extract.jsonPath("$.token").into("token"))
 *                 .pause(Pause.fixed(Duration.ofSeconds(1))),
 *         Step.of("catalogue", s -> Request.get("/catalogue").header("Authorization", "Bearer " + s.get("token")))
 *                 .checks(Check.status(200))
 *                 .extract(Extract.jsonPath("$.items[0].id").into("item"))
 *                 .pause(Pause.uniform(Duration.ofSeconds(1), Duration.ofSeconds(3))),
 *         Step.of("checkout", StepRequest.template("POST", "/checkout",
 *                         List.of(new Header("Authorization", "Bearer {{token}}")), "{\"item\":\"{{item}}\"}"))
 *                 .checks(Check.status(201), Check.jsonPath("$.status", "ordered")));
 * }</pre>
 *
 * <p>The same flow as a scenario file, for the command ({@code loadtest scenario shop.yaml -u 50 -D 1m}):
 *
 * <pre>
 * scenario: shop
 * feeder: users.csv
 * steps:
 *   - name: login
 *     request:
 *       method: POST
 *       uri: /login
 *       headers: { Content-Type: application/x-www-form-urlencoded }
 *       body: "user={{user}}&amp;password={{password}}"
 *     expect: { status: 200 }
 *     extract: { token: { json: $.token } }
 *     pause: 1s
 *   - name: catalogue
 *     request: { uri: /catalogue, headers: { Authorization: "Bearer {{token}}" } }
 *     extract: { item: { json: "$.items[0].id" } }
 *     pause: { uniform: [1s, 3s] }
 *   - name: checkout
 *     request: { method: POST, uri: /checkout, headers: { Authorization: "Bearer {{token}}" },
 *                body: '{"item":"{{item}}"}' }
 *     expect: { status: 201, json: "$.status=ordered" }
 * </pre>
 *
 * <p>A session keeps the cookies the server sets, by RFC 6265's rules, and sends them back where they belong.
 * {@link dev.loadtest.scenario.Scenario#followRedirects()} makes each step follow its server's redirects, and
 * {@link dev.loadtest.scenario.Scenario#authorization(TokenProvider)} gives every request the
 * {@code Authorization} of a token fetched once and refreshed before it expires (the file's
 * {@code follow-redirects: true} and {@code token:} block).
 *
 * <p>The load models (users looping the scenario, or arrivals each starting a session), the per-step results
 * and how the engine runs sessions are described in {@code docs/design/scenarios.md}.
 */
package dev.loadtest.scenario;
