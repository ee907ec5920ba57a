package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ErrorCountTest {

    @Test
    void should_keep_the_sample_first_then_the_distinct_messages_in_order() {
        ErrorCount e = new ErrorCount(5, "b", List.of("a", "b", "c", "a", ""));

        assertThat(e.sampleMessage()).isEqualTo("b");
        assertThat(e.messages()).containsExactly("b", "a", "c");
    }

    @Test
    void should_keep_at_most_ten_distinct_messages() {
        List<String> many = IntStream.range(0, 25).mapToObj(i -> "failure " + i).toList();

        ErrorCount e = new ErrorCount(25, "failure 0", many);

        assertThat(e.messages()).hasSize(ErrorCount.MAX_MESSAGES).containsExactlyElementsOf(many.subList(0, 10));
    }

    @Test
    void should_read_the_one_message_form_as_that_message() {
        assertThat(new ErrorCount(3, "refused").messages()).containsExactly("refused");
        assertThat(ErrorCount.NONE.messages()).isEmpty();
    }

    @Test
    void should_add_counts_and_the_others_new_messages_when_merged() {
        ErrorCount a = new ErrorCount(2, "x", List.of("y"));
        ErrorCount b = new ErrorCount(3, "y", List.of("z"));

        assertThat(a.plus(b)).isEqualTo(new ErrorCount(5, "x", List.of("x", "y", "z")));
        assertThat(ErrorCount.NONE.plus(b)).isEqualTo(new ErrorCount(3, "y", List.of("z")));
    }

    @Test
    void should_refuse_a_negative_count() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ErrorCount(-1, "x"))
                .withMessage("count (-1) must be >= 0");
    }
}
