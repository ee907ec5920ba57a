package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusCodesTest {

    private final StatusCodes codes = new StatusCodes(Map.of(404, 3L, 200, 90L, 204, 5L, 301, 1L, 503, 2L));

    @Test
    void should_count_each_exact_code() {
        assertThat(codes.count(200)).isEqualTo(90);
        assertThat(codes.count(404)).isEqualTo(3);
        assertThat(codes.count(500)).isZero();
    }

    @Test
    void should_count_by_class() {
        assertThat(codes.countOfClass(2)).isEqualTo(95);
        assertThat(codes.countOfClass(3)).isEqualTo(1);
        assertThat(codes.countOfClass(4)).isEqualTo(3);
        assertThat(codes.countOfClass(5)).isEqualTo(2);
        assertThat(codes.countOfClass(1)).isZero();
        assertThat(codes.total()).isEqualTo(101);
    }

    @Test
    void should_keep_the_codes_in_order() {
        assertThat(codes.counts().keySet()).containsExactly(200, 204, 301, 404, 503);
        assertThat(codes).hasToString("{200=90, 204=5, 301=1, 404=3, 503=2}");
    }

    @Test
    void should_be_unmodifiable() {
        assertThatThrownBy(() -> codes.counts().put(500, 1L)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_copy_the_map_it_is_given() {
        Map<Integer, Long> given = new HashMap<>(Map.of(200, 1L));
        StatusCodes copied = new StatusCodes(given);

        given.put(500, 7L);

        assertThat(copied.counts()).containsExactly(Map.entry(200, 1L));
    }

    @Test
    void should_count_nothing_when_empty() {
        StatusCodes none = new StatusCodes(Map.of());

        assertThat(none.total()).isZero();
        assertThat(none.countOfClass(2)).isZero();
        assertThat(none).hasToString("{}");
    }
}
