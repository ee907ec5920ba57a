package dev.loadtest.internal.engine.http2;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A connection's open streams by id: open addressing on the odd ids a client uses, no boxing, no entry objects. It
 * grows to the most streams open at once and stays there (a connection with 100 streams keeps a 256-slot table).
 */
final class StreamTable {

    private H2Stream[] slots = new H2Stream[8];
    private int size;
    /**
     * Streams not in their home slot (a collision moved them on). While none is, a removal only empties its slot: the
     * ids of a connection's open streams are close together, so they sit in one run of slots, and the backward shift
     * would walk the run for nothing at every removal (a few per cent of the I/O thread at 100 streams).
     */
    private int displaced;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    H2Stream get(int id) {
        H2Stream[] table = slots;
        int mask = table.length - 1;
        for (int i = index(id, mask); ; i = (i + 1) & mask) {
            H2Stream s = table[i];
            if (s == null || s.id == id) {
                return s;
            }
        }
    }

    void put(H2Stream stream) {
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        insert(slots, stream);
        size++;
    }

    /** Removes the stream with {@code id}; returns it, or null when none is open. */
    H2Stream remove(int id) {
        H2Stream[] table = slots;
        int mask = table.length - 1;
        int i = index(id, mask);
        while (true) {
            H2Stream s = table[i];
            if (s == null) {
                return null;
            }
            if (s.id == id) {
                break;
            }
            i = (i + 1) & mask;
        }
        H2Stream removed = table[i];
        table[i] = null;
        size--;
        if (i != index(removed.id, mask)) {
            displaced--;
        }
        // backward shift: the entries after the hole that probed past it move into it
        for (int j = (i + 1) & mask; displaced > 0 && table[j] != null; j = (j + 1) & mask) {
            H2Stream s = table[j];
            int home = index(s.id, mask);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                table[i] = s;
                table[j] = null;
                if (j != home) {
                    displaced--;   // leaves a displaced place
                }
                if (i != home) {
                    displaced++;   // still away from home, nearer to it
                }
                i = j;
            }
        }
        return removed;
    }

    /** Removes every stream, handing each to {@code action}, in no particular order. */
    void drain(Consumer<H2Stream> action) {
        H2Stream[] table = slots;
        for (int i = 0; i < table.length; i++) {
            H2Stream s = table[i];
            if (s != null) {
                table[i] = null;
                size--;
                action.accept(s);
            }
        }
        displaced = 0;
    }

    /** Removes the streams {@code which} picks, then hands each to {@code action}. Rare (a GOAWAY): allocates. */
    void drain(Consumer<H2Stream> action, Predicate<H2Stream> which) {
        List<H2Stream> picked = new ArrayList<>();
        forEach(s -> {
            if (which.test(s)) {
                picked.add(s);
            }
        });
        for (H2Stream s : picked) {
            remove(s.id);
        }
        picked.forEach(action);
    }

    /** Calls {@code action} for every stream; it must not add or remove any. */
    void forEach(Consumer<H2Stream> action) {
        for (H2Stream s : slots) {
            if (s != null) {
                action.accept(s);
            }
        }
    }

    private void grow() {
        H2Stream[] old = slots;
        slots = new H2Stream[old.length * 2];
        displaced = 0;
        for (H2Stream s : old) {
            if (s != null) {
                insert(slots, s);
            }
        }
    }

    private void insert(H2Stream[] table, H2Stream stream) {
        int mask = table.length - 1;
        int home = index(stream.id, mask);
        int i = home;
        while (table[i] != null) {
            i = (i + 1) & mask;
        }
        table[i] = stream;
        if (i != home) {
            displaced++;
        }
    }

    /** Client stream ids are odd and consecutive: their halves spread over the table. */
    private static int index(int id, int mask) {
        return (id >>> 1) & mask;
    }
}
