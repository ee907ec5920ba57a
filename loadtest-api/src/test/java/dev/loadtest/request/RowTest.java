package dev.loadtest.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowTest {

    @Test
    void should_give_a_value_by_column() {
        Row row = Row.of(List.of("id", "email"), List.of("42", "ada@example.com"));

        assertThat(row.get("email")).isEqualTo("ada@example.com");
        assertThat(row.columns()).containsExactly("id", "email");
        assertThat(row.toMap()).containsExactly(Map.entry("id", "42"), Map.entry("email", "ada@example.com"));
    }

    @Test
    void should_name_a_missing_column_and_the_columns_present() {
        Row row = Row.of(List.of("id", "email"), List.of("42", "ada@example.com"));

        assertThatIllegalArgumentException().isThrownBy(() -> row.get("Email"))
                .withMessage("no column (Email) in this row: its columns are [id, email]");
    }

    @Test
    void should_refuse_mismatched_sizes_and_repeated_columns() {
        assertThatIllegalArgumentException().isThrownBy(() -> Row.of(List.of("a", "b"), List.of("1")))
                .withMessage("row has 1 values for 2 columns [a, b]: give one value per column");
        assertThatIllegalArgumentException().isThrownBy(() -> Row.of(List.of("a", "a"), List.of("1", "2")))
                .withMessage("column (a) is given twice in [a, a]");
        assertThatIllegalArgumentException().isThrownBy(() -> Row.of(List.of("a", ""), List.of("1", "2")))
                .withMessage("column 2 of [a, ] has an empty name");
    }

    @Test
    void should_redact_credential_columns_in_its_text() {
        Row row = Row.of(List.of("user", "password"), List.of("ada", "hunter2"));

        assertThat(row).hasToString("{user=ada, password=<redacted>}");
        assertThat(row.get("password")).isEqualTo("hunter2");
    }
}
