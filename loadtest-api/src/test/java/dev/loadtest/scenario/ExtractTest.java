package dev.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExtractTest {

    @Test
    void should_name_its_source_and_variable() {
        assertThat(Extract.jsonPath("$.token").into("token")).hasToString("token = json $.token");
        assertThat(Extract.cookie("SESSION").into("sid").optional()).hasToString("sid = cookie SESSION (optional)");
        assertThat(Extract.header("Location").into("basket").from()).isEqualTo(Extract.From.HEADER);
    }

    @Test
    void should_refuse_a_malformed_path_or_regex_when_made() {
        assertThatThrownBy(() -> Extract.jsonPath("token"))
                .hasMessageStartingWith("json path (token) must be a JSONPath");
        assertThatThrownBy(() -> Extract.regex("id=("))
                .hasMessageStartingWith("extraction regex (id=() is not a regular expression");
        assertThatThrownBy(() -> Extract.regex("(a)(b)"))
                .hasMessageStartingWith("extraction regex ((a)(b)) must have at most one capturing group");
        assertThatThrownBy(() -> Extract.header(" ")).hasMessage("extraction header name (' ') must not be blank");
    }

    @Test
    void should_refuse_a_variable_named_like_a_template_placeholder() {
        assertThatThrownBy(() -> Extract.header("X-Seq").into("seq"))
                .hasMessage("variable name (seq) is a template's own placeholder {{seq}}: choose another name");
        assertThatThrownBy(() -> Extract.header("X").into("a b"))
                .hasMessageStartingWith("variable name (a b) must start with a letter or _");
    }
}
