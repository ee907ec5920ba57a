package dev.loadtest.scenario;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import java.time.Duration;
import java.util.Objects;

/**
 * Fetches the token a scenario's requests carry in their {@code Authorization} header, such as an OAuth 2
 * client-credentials access token. One provider serves every session of a run ({@link Scenario#authorization}):
 * the engine calls it once before the run starts, then again in the background before the token expires (at
 * 80 % of its lifetime), never on a thread that sends load. Its own requests are timed and reported apart, as
 * {@link dev.loadtest.Result#tokenRequests()}, and never counted in the steps' figures.
 *
 * <pre>{@code
 * HttpClient http = HttpClient.newHttpClient();
 * Pattern accessToken = Pattern.compile("\"access_token\"\\s*:\\s*\"([^\"]+)\"");
 * TokenProvider oauth = () -> {
 *     HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:8080/oauth/token"))
 *             .header("Content-Type", "application/x-www-form-urlencoded")
 *             .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=shop"))
 *             .build(), HttpResponse.BodyHandlers.ofString());
 *     Matcher m = accessToken.matcher(r.body());
 *     if (r.statusCode() != 200 || !m.find()) {
 *         throw new IllegalStateException("token endpoint answered " + r.statusCode());
 *     }
 *     return TokenProvider.Token.bearer(m.group(1), Duration.ofMinutes(5));   // or the answer's expires_in
 * };
 * Scenario shop = Scenario.of("shop", catalogue, checkout).authorization(oauth);
 * }</pre>
 *
 * <p>A fetch that throws (or returns {@code null}) is counted as a failed token request with its message, and
 * tried again a second later (sooner for a short lifetime) while the requests keep the last token; the first
 * fetch, before the run, must succeed or the run does not start. Implementations are called from one thread at a
 * time.
 */
@FunctionalInterface
public interface TokenProvider {

    /**
     * Fetches a fresh token.
     *
     * @return the token and how long it is valid for, not {@code null}
     * @throws Exception any failure to get one, whose message is reported
     */
    Token fetch() throws Exception;

    /**
     * A token as a request carries it, and how long it is valid for from when it was fetched.
     *
     * @param authorization the whole {@code Authorization} header value, such as {@code Bearer eyJhbGciOi...}
     * @param lifetime how long the token is valid for, positive (OAuth's {@code expires_in})
     */
    record Token(String authorization, Duration lifetime) {

        /**
         * Checks the fields.
         *
         * @throws IllegalArgumentException if the value is blank or not a valid header value, or the lifetime is
         *     not positive
         */
        public Token {
            Objects.requireNonNull(authorization, "token authorization must not be null");
            Objects.requireNonNull(lifetime, "token lifetime must not be null");
            if (authorization.isBlank()) {
                throw new IllegalArgumentException("token authorization must not be blank: give the header value, "
                        + "such as \"Bearer eyJ...\"");
            }
            new Header("Authorization", authorization); // the header's own rules: no CR or LF, ...
            if (lifetime.isNegative() || lifetime.isZero()) {
                throw new IllegalArgumentException("token lifetime (" + lifetime + ") must be positive");
            }
        }

        /** A bearer token (RFC 6750): the header value {@code Bearer <accessToken>}. */
        public static Token bearer(String accessToken, Duration lifetime) {
            Objects.requireNonNull(accessToken, "access token must not be null");
            return new Token("Bearer " + accessToken, lifetime);
        }

        /** {@code Token[Authorization: <redacted>, lifetime PT5M]}: the value is a credential. */
        @Override
        public String toString() {
            return "Token[" + Redaction.headerLine("Authorization: " + authorization) + ", lifetime " + lifetime + "]";
        }
    }
}
