package dev.loadtest.internal.engine.http2;

/** Hears of the GOAWAY a server sent on a connection: its requests above the last stream id will not be processed. */
public interface GoAwayListener {

    void onGoAway(int lastStreamId, int errorCode);
}
