package dev.loadtest.internal.engine;

/** Hears of the GOAWAY a server sent on a connection: its requests above the last stream id will not be processed. */
interface GoAwayListener {

    void onGoAway(int lastStreamId, int errorCode);
}
