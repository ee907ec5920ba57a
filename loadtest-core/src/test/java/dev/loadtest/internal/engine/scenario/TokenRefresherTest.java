package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.ErrorCategory;
import dev.loadtest.StepResult;
import dev.loadtest.scenario.TokenProvider;
import dev.loadtest.scenario.TokenProvider.Token;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TokenRefresherTest {

    /** A provider that gives what it was told, in order, and counts down a latch at each call. */
    private static final class Scripted implements TokenProvider {
        final Deque<Object> answers = new ArrayDeque<>();
        final AtomicInteger calls = new AtomicInteger();
        volatile CountDownLatch called = new CountDownLatch(0);

        Scripted then(Object answer) {
            answers.add(answer);
            return this;
        }

        @Override
        public synchronized Token fetch() throws Exception {
            calls.incrementAndGet();
            try {
                Object answer = answers.size() > 1 ? answers.poll() : answers.peek();
                if (answer instanceof Exception e) {
                    throw e;
                }
                return (Token) answer;
            } finally {
                called.countDown();
            }
        }
    }

    @Test
    void should_fetch_the_first_token_before_it_returns() {
        Scripted provider = new Scripted().then(Token.bearer("first", Duration.ofHours(1)));

        try (TokenRefresher tokens = TokenRefresher.start(provider)) {
            assertThat(tokens.authorization()).isEqualTo("Bearer first");
            assertThat(provider.calls).hasValue(1);
            StepResult report = tokens.report();
            assertThat(report.name()).isEqualTo("token");
            assertThat(report.requests().done()).isEqualTo(1);
            assertThat(report.requests().succeeded()).isEqualTo(1);
            assertThat(report.responseTime().count()).isEqualTo(1);
            assertThat(report.serviceTime()).isEqualTo(report.responseTime());
        }
    }

    @Test
    void should_refuse_to_start_when_the_first_fetch_fails_saying_why() {
        Scripted provider = new Scripted().then(new IllegalStateException("token endpoint answered 401"));

        assertThatThrownBy(() -> TokenRefresher.start(provider))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the token provider failed before the run started, so no request was sent: "
                        + "IllegalStateException: token endpoint answered 401")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_refuse_to_start_on_a_null_token() {
        assertThatThrownBy(() -> TokenRefresher.start(() -> null))
                .hasMessageEndingWith("the token provider returned null instead of a token");
    }

    @Test
    void should_refresh_in_the_background_before_the_token_expires() throws Exception {
        Scripted provider = new Scripted().then(Token.bearer("first", Duration.ofMillis(300)))
                .then(Token.bearer("second", Duration.ofHours(1)));
        provider.called = new CountDownLatch(2);

        try (TokenRefresher tokens = TokenRefresher.start(provider)) {
            assertThat(provider.called.await(10, TimeUnit.SECONDS)).as("refreshed").isTrue();
            awaitAuthorization(tokens, "Bearer second");

            assertThat(tokens.report().requests().succeeded()).isEqualTo(2);
            assertThat(tokens.report().responseTime().count()).isEqualTo(2);
        }
    }

    @Test
    void should_keep_the_last_token_through_failed_refreshes_count_them_and_try_again() throws Exception {
        Scripted provider = new Scripted().then(Token.bearer("first", Duration.ofMillis(200)))
                .then(new ConnectException("Connection refused"))
                .then(new IllegalStateException("token endpoint answered 503"))
                .then(new IllegalStateException("token endpoint answered 500"))
                .then(Token.bearer("second", Duration.ofHours(1)));
        provider.called = new CountDownLatch(5);

        try (TokenRefresher tokens = TokenRefresher.start(provider)) {
            assertThat(provider.called.await(10, TimeUnit.SECONDS)).as("retried until it succeeded").isTrue();
            awaitAuthorization(tokens, "Bearer second");

            StepResult report = tokens.report();
            assertThat(report.requests().done()).isEqualTo(5);
            assertThat(report.requests().succeeded()).isEqualTo(2);
            assertThat(report.requests().failed()).isEqualTo(3);
            assertThat(report.requests().errored()).isEqualTo(3);
            assertThat(report.errors().get(ErrorCategory.REFUSED).count()).isEqualTo(1);
            assertThat(report.errors().get(ErrorCategory.OTHER).count()).isEqualTo(2);
            assertThat(report.errors().get(ErrorCategory.OTHER).sampleMessage())
                    .isEqualTo("IllegalStateException: token endpoint answered 503");
            assertThat(report.responseTime().count()).as("failures are not timed as answers").isEqualTo(2);
        }
    }

    @Test
    void should_hold_the_last_token_while_refreshes_fail() throws Exception {
        Scripted provider = new Scripted().then(Token.bearer("first", Duration.ofMillis(150)))
                .then(new IllegalStateException("down"));
        provider.called = new CountDownLatch(3);

        try (TokenRefresher tokens = TokenRefresher.start(provider)) {
            assertThat(provider.called.await(10, TimeUnit.SECONDS)).isTrue();

            assertThat(tokens.authorization()).isEqualTo("Bearer first");
        }
    }

    @Test
    void should_stop_refreshing_once_closed() throws Exception {
        Scripted provider = new Scripted().then(Token.bearer("first", Duration.ofMillis(150)));
        TokenRefresher tokens = TokenRefresher.start(provider);
        tokens.close();
        int calls = provider.calls.get();

        Thread.sleep(TokenRefresher.refreshDelay(Duration.ofMillis(150)).toMillis() * 3);

        assertThat(provider.calls).hasValue(calls);
    }

    @Test
    void should_redact_a_credential_in_a_failure_message() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl";
        assertThatThrownBy(() -> TokenRefresher.start(() -> {
            throw new IllegalStateException("refused http://auth.test/token?client_secret=s3cr3t " + jwt);
        })).hasMessageNotContaining("s3cr3t").hasMessageNotContaining(jwt).hasMessageContaining("<redacted>");
    }

    @Test
    void should_refresh_at_four_fifths_of_the_lifetime_and_never_sooner_than_the_floor() {
        assertThat(TokenRefresher.refreshDelay(Duration.ofMinutes(5))).isEqualTo(Duration.ofMinutes(4));
        assertThat(TokenRefresher.refreshDelay(Duration.ofMillis(10))).isEqualTo(TokenRefresher.MIN_DELAY);
        assertThat(TokenRefresher.refreshDelay(Duration.ofSeconds(Long.MAX_VALUE))).isPositive();
    }

    @Test
    void should_retry_after_a_second_or_a_tenth_of_a_short_lifetime() {
        assertThat(TokenRefresher.retryDelay(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(1));
        assertThat(TokenRefresher.retryDelay(Duration.ofSeconds(5))).isEqualTo(Duration.ofMillis(500));
        assertThat(TokenRefresher.retryDelay(Duration.ofMillis(200))).isEqualTo(TokenRefresher.MIN_DELAY);
    }

    private static void awaitAuthorization(TokenRefresher tokens, String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!tokens.authorization().equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(tokens.authorization()).isEqualTo(expected);
    }
}
