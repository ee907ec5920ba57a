package dev.loadtest.internal.engine.schedule;

/**
 * The due times of a client's requests that wait for a free stream, oldest first: a bounded ring of
 * longs, so a rate-driven run neither allocates per request nor grows without limit.
 */
final class Backlog {

    private final long[] due;
    private int head;
    private int size;

    Backlog(int capacity) {
        this.due = new long[capacity];
    }

    /** Adds a due time at the end; false (and nothing added) when full. */
    boolean offerLast(long dueNanos) {
        if (size == due.length) {
            return false;
        }
        due[(head + size) % due.length] = dueNanos;
        size++;
        return true;
    }

    /** Puts a due time back at the front (its request could not be sent); the latest due time is dropped if full. */
    void pushFront(long dueNanos) {
        if (size == due.length) {
            size--;
        }
        head = (head - 1 + due.length) % due.length;
        due[head] = dueNanos;
        size++;
    }

    long pollFirst() {
        long d = due[head];
        head = (head + 1) % due.length;
        size--;
        return d;
    }

    /** Forgets every waiting due time. */
    void clear() {
        head = 0;
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** How many waiting due times fall in [from, to]. */
    long countWithin(long from, long to) {
        long n = 0;
        for (int i = 0; i < size; i++) {
            long d = due[(head + i) % due.length];
            if (d >= from && d <= to) {
                n++;
            }
        }
        return n;
    }
}
