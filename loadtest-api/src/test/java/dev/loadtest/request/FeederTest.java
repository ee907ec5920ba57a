package dev.loadtest.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loadtest.internal.request.FeedIndex;
import dev.loadtest.internal.request.FeedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading feeder files: the CSV and JSON Lines formats, their mistakes, and the feeder's own rules. */
class FeederTest {

    @TempDir
    Path dir;

    @Test
    void should_read_the_header_as_columns_and_count_the_data_rows() throws IOException {
        Feeder feeder = Feeder.csv(write("users.csv", "id,email\n1,a@x\n2,b@x\n"));

        assertThat(feeder.columns()).containsExactly("id", "email");
        assertThat(feeder.rows()).isEqualTo(2);
        assertThat(feeder.order()).isEqualTo(Feeder.Order.CIRCULAR);
        assertThat(feeder.format()).isEqualTo(Feeder.Format.CSV);
    }

    @Test
    void should_read_quoted_fields_with_commas_quotes_and_line_breaks() throws IOException {
        List<Row> rows = rows(Feeder.csv(write("q.csv",
                "name,note\r\n\"Smith, Ada\",\"say \"\"hi\"\"\"\r\nBob,\"two\r\nlines\"\r\n")));

        assertThat(rows).extracting(r -> r.get("name")).containsExactly("Smith, Ada", "Bob");
        assertThat(rows).extracting(r -> r.get("note")).containsExactly("say \"hi\"", "two\r\nlines");
    }

    @Test
    void should_read_empty_fields_as_empty_values() throws IOException {
        List<Row> rows = rows(Feeder.csv(write("e.csv", "a,b,c\n,,\n1,,\"\"\n")));

        assertThat(rows.get(0).toMap()).containsValues("", "", "");
        assertThat(rows.get(1).get("a")).isEqualTo("1");
        assertThat(rows.get(1).get("c")).isEmpty();
    }

    @Test
    void should_skip_a_byte_order_mark_blank_lines_and_a_missing_last_line_break() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path file = dir.resolve("bom.csv");
        Files.write(file, concat(bom, "id,name\n\n1,Zoë\r\n\r\n2,Ünal".getBytes(StandardCharsets.UTF_8)));

        Feeder feeder = Feeder.csv(file);

        assertThat(feeder.columns()).containsExactly("id", "name");
        assertThat(rows(feeder)).extracting(r -> r.get("name")).containsExactly("Zoë", "Ünal");
    }

    @Test
    void should_end_rows_at_a_carriage_return_alone_as_old_files_do() throws IOException {
        Path file = write("mac.csv", "id,name\r1,a\r2,b\r3\r");

        assertThat(rows(Feeder.csv(write("mac-ok.csv", "id,name\r1,a\r2,b\r")))).extracting(r -> r.get("name"))
                .containsExactly("a", "b");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(file).rows())
                .withMessageStartingWith(file + ":4: row has 1 field, the header row has 2");
    }

    @Test
    void should_name_file_and_line_of_a_ragged_row() throws IOException {
        Path file = write("ragged.csv", "id,email,name\n1,a@x,Ada\n\"2\nx\",b@x,Bob\n3,c@x\n");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(file).rows())
                .withMessage(file + ":5: row has 2 fields, the header row has 3 [id, email, name] (quote a field that"
                        + " holds a comma: \"a,b\")");
    }

    @Test
    void should_name_file_and_line_of_a_quote_mistake() throws IOException {
        Path stray = write("stray.csv", "a,b\n1,x\"y\n");
        Path after = write("after.csv", "a,b\n1,\"x\"y\n");
        Path unclosed = write("unclosed.csv", "a,b\n1,2\n3,\"never\n4,5\n");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(stray).rows())
                .withMessageStartingWith(stray + ":2: a quote inside an unquoted field (field 2)");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(after).rows())
                .withMessageStartingWith(after + ":2: text after the closing quote of field 2");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(unclosed).rows())
                .withMessage(unclosed + ":3: a quote opened here is never closed");
    }

    @Test
    void should_refuse_a_missing_or_malformed_header_at_once() throws IOException {
        Path empty = write("empty.csv", "\n\n");
        Path unnamed = write("unnamed.csv", "id,,name\n1,2,3\n");
        Path twice = write("twice.csv", "id,id\n1,2\n");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(empty))
                .withMessage(empty + ": no header row: the first line of a CSV feeder names its columns (id,email,...)");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(unnamed))
                .withMessage(unnamed + ":1: column 2 of the header row has no name: [id, , name]");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(twice))
                .withMessage(twice + ":1: column (id) is named twice in the header row: [id, id]");
    }

    @Test
    void should_refuse_a_file_that_is_missing_or_not_a_regular_file() {
        Path missing = dir.resolve("missing.csv");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(missing))
                .withMessage("feed file (" + missing + ") cannot be read (no such file)");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.csv(dir))
                .withMessage("feed file (" + dir + ") must be a regular file, not a directory");
    }

    @Test
    void should_read_json_lines_values_as_text() throws IOException {
        Feeder feeder = Feeder.jsonLines(write("orders.jsonl", "{\"id\":1,\"price\":12.50,\"gift\":true,\"note\":null,"
                + "\"name\":\"Zoë \\\"Z\\\"\"}\r\n\n{\"name\":\"Bob\",\"id\":2,\"price\":3,\"gift\":false,\"note\":\"x\"}\n"));

        assertThat(feeder.columns()).containsExactly("id", "price", "gift", "note", "name");
        List<Row> rows = rows(feeder);
        assertThat(rows.get(0).toMap()).containsExactly(java.util.Map.entry("id", "1"), java.util.Map.entry("price", "12.50"),
                java.util.Map.entry("gift", "true"), java.util.Map.entry("note", ""), java.util.Map.entry("name", "Zoë \"Z\""));
        assertThat(rows.get(1).get("name")).isEqualTo("Bob");
        assertThat(rows.get(1).get("id")).isEqualTo("2");
    }

    @Test
    void should_name_file_and_line_of_a_json_lines_mistake() throws IOException {
        Path nested = write("nested.jsonl", "{\"id\":1}\n{\"id\":{\"x\":1}}\n");
        Path missing = write("missing.jsonl", "{\"id\":1,\"name\":\"a\"}\n\n{\"id\":2}\n");
        Path extra = write("extra.jsonl", "{\"id\":1}\n{\"id\":2,\"name\":\"b\"}\n");
        Path broken = write("broken.jsonl", "{\"id\":1}\n{\"id\":2,}\n");
        Path array = write("array.jsonl", "[1,2]\n");
        Path twice = write("twice.jsonl", "{\"id\":1}\n{\"id\":1,\"id\":2}\n");
        Path trailing = write("trailing.jsonl", "{\"id\":1} {\"id\":2}\n");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(nested).rows())
                .withMessage(nested + ":2: member (id) is an object: a feeder row is flat (strings, numbers, booleans, null)");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(missing).rows())
                .withMessage(missing + ":3: no member (name): every line has the first line's names [id, name] (give null"
                        + " for an empty value)");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(extra).rows())
                .withMessage(extra + ":2: member (name) is not a column: the first line's names are [id]");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(broken).rows())
                .withMessageStartingWith(broken + ":2: not valid JSON: ");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(array))
                .withMessage(array + ":1: a line must be one JSON object ({\"id\":1,...})");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(twice).rows())
                .withMessage(twice + ":2: member (id) is given twice");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(trailing))
                .withMessage(trailing + ":1: a line must hold one JSON object and nothing after it");
    }

    @Test
    void should_refuse_a_json_lines_file_without_an_object() throws IOException {
        Path blank = write("blank.jsonl", "\n  \n");

        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.jsonLines(blank))
                .withMessageStartingWith(blank + ": no JSON object");
    }

    @Test
    void should_know_the_format_by_the_file_name() throws IOException {
        assertThat(Feeder.of(write("a.CSV", "x\n1\n")).format()).isEqualTo(Feeder.Format.CSV);
        assertThat(Feeder.of(write("a.ndjson", "{\"x\":1}\n")).format()).isEqualTo(Feeder.Format.JSON_LINES);
        assertThat(Feeder.of(write("a.jsonl", "{\"x\":1}\n")).format()).isEqualTo(Feeder.Format.JSON_LINES);
        Path txt = write("a.txt", "x\n1\n");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.of(txt))
                .withMessage("feed file (" + txt + ") must end in .csv, .jsonl or .ndjson so that its format is known");
    }

    @Test
    void should_read_an_order_from_its_command_line_word() {
        assertThat(Feeder.Order.of("in-order")).isEqualTo(Feeder.Order.IN_ORDER);
        assertThat(Feeder.Order.of("Random")).isEqualTo(Feeder.Order.RANDOM);
        assertThat(Feeder.Order.CIRCULAR.word()).isEqualTo("circular");
        assertThatIllegalArgumentException().isThrownBy(() -> Feeder.Order.of("shuffle"))
                .withMessage("feed order (shuffle) must be one of in-order, circular, random");
    }

    @Test
    void should_be_a_value_whose_order_is_changed_in_a_copy() throws IOException {
        Feeder circular = Feeder.csv(write("v.csv", "x\n1\n"));
        Feeder inOrder = circular.order(Feeder.Order.IN_ORDER);

        assertThat(circular.order()).isEqualTo(Feeder.Order.CIRCULAR);
        assertThat(inOrder).isEqualTo(Feeder.csv(circular.file()).order(Feeder.Order.IN_ORDER)).isNotEqualTo(circular);
        assertThat(inOrder).hasToString(circular.file() + " (CSV, in-order)");
    }

    @Test
    void should_refuse_a_file_whose_columns_changed_after_the_feeder_was_made() throws IOException {
        Path file = write("changing.csv", "id\n1\n");
        Feeder feeder = Feeder.csv(file);
        write("changing.csv", "id,name\n1,a\n");

        assertThatIllegalArgumentException().isThrownBy(feeder::rows)
                .withMessage("feed file (" + file + ") changed since it was opened: its columns are now [id, name], they"
                        + " were [id]");
    }

    /** Every row of the feeder, in the file's order. */
    static List<Row> rows(Feeder feeder) {
        List<Row> rows = new ArrayList<>();
        try (FeedReader reader = FeedReader.open(FeedIndex.of(feeder.order(Feeder.Order.IN_ORDER)), 0, 1)) {
            for (long i = 0; i < reader.rows(); i++) {
                rows.add(reader.next(null));
            }
        }
        return rows;
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
