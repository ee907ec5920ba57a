package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Traffic;
import org.junit.jupiter.api.Test;

class TrafficAssertTest {

    static final Traffic H2 = new Traffic(3100, 300, 1200, 2800, 900);

    @Test
    void should_pass_on_matching_counts() {
        assertThatCode(() -> assertThat(H2).hasTotalBytes(3100).hasHeaderBytes(300).hasDataBytes(2800)
                .hasSentBytes(900).hasDataBytesAtLeast(2800).hasHeaderSpaceSavingsAtLeast(0.75))
                .doesNotThrowAnyException();
    }

    @Test
    void should_name_the_count_that_differs() {
        assertThatThrownBy(() -> assertThat(H2).hasDataBytes(2786))
                .hasMessage(String.format("%nExpecting 2786 data bytes but had 2800"));
        assertThatThrownBy(() -> assertThat(H2).hasTotalBytes(1)).hasMessage(String.format("%nExpecting 1 total bytes but had 3100"));
        assertThatThrownBy(() -> assertThat(H2).hasHeaderBytes(1)).hasMessage(String.format("%nExpecting 1 header bytes but had 300"));
        assertThatThrownBy(() -> assertThat(H2).hasSentBytes(1)).hasMessage(String.format("%nExpecting 1 sent bytes but had 900"));
        assertThatThrownBy(() -> assertThat(H2).hasDataBytesAtLeast(4096))
                .hasMessage(String.format("%nExpecting at least 4096 data bytes but had 2800"));
    }

    @Test
    void should_fail_on_too_little_header_compression() {
        assertThatThrownBy(() -> assertThat(H2).hasHeaderSpaceSavingsAtLeast(0.9))
                .hasMessage(String.format("%nExpecting header space savings of at least 90%% but were 75%% "
                        + "(300 header bytes for 1200 decoded)"));
    }
}
