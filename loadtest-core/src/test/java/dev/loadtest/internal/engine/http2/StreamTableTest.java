package dev.loadtest.internal.engine.http2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamTableTest {

    @Test
    void should_agree_with_a_hash_map_through_random_opens_and_ends() {
        Random random = new Random(42);
        StreamTable table = new StreamTable();
        Map<Integer, H2Stream> expected = new HashMap<>();
        List<Integer> open = new ArrayList<>();
        int next = 1;
        for (int step = 0; step < 200_000; step++) {
            // streams open in order and end in any order, as on a connection; at most ~300 open at once
            if (open.size() < 300 && (open.isEmpty() || random.nextInt(100) < 52)) {
                H2Stream s = new H2Stream(next, null, 0);
                table.put(s);
                expected.put(next, s);
                open.add(next);
                next += 2;
            } else {
                int id = open.remove(random.nextInt(open.size()));
                assertThat(table.remove(id)).isSameAs(expected.remove(id));
            }
            if (step % 1000 == 0) {
                for (Map.Entry<Integer, H2Stream> e : expected.entrySet()) {
                    assertThat(table.get(e.getKey())).isSameAs(e.getValue());
                }
                assertThat(table.get(next)).isNull();
                assertThat(table.size()).isEqualTo(expected.size());
            }
        }
    }

    @Test
    void should_remove_only_the_streams_picked_and_hand_each_over_once() {
        StreamTable table = new StreamTable();
        for (int id = 1; id <= 41; id += 2) {
            table.put(new H2Stream(id, null, 0));
        }
        List<Integer> handed = new ArrayList<>();
        table.drain(s -> handed.add(s.id), s -> s.id > 21);
        assertThat(handed).containsExactlyInAnyOrder(23, 25, 27, 29, 31, 33, 35, 37, 39, 41);
        assertThat(table.size()).isEqualTo(11);
        for (int id = 1; id <= 21; id += 2) {
            assertThat(table.get(id)).isNotNull();
        }
        handed.clear();
        table.drain(s -> handed.add(s.id));
        assertThat(handed).hasSize(11);
        assertThat(table.isEmpty()).isTrue();
        assertThat(table.get(1)).isNull();
    }

    @Test
    void should_not_find_an_absent_id_when_the_table_is_full_of_collisions() {
        StreamTable table = new StreamTable();
        // ids whose halves collide in an 8-slot table: 1, 17, 33 (halves 0, 8, 16)
        table.put(new H2Stream(1, null, 0));
        table.put(new H2Stream(17, null, 0));
        table.put(new H2Stream(33, null, 0));
        assertThat(table.remove(17).id).isEqualTo(17);
        assertThat(table.get(33).id).isEqualTo(33);
        assertThat(table.get(49)).isNull();
    }
}
