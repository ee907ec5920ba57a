package dev.loadtest.internal.engine.connection;

import java.util.List;

/**
 * Where a slot takes the request it issues next. Today every request is one of the run's targets, encoded once,
 * in turn; a source that builds each request (method, path, headers and body per request, from a feeder or a
 * template) takes this place, and the slot hands what it gives to the connection as it does now.
 */
public interface RequestSource {

    RequestTemplate next();

    /** The targets in turn, each slot starting at the first (h2load's order). */
    static RequestSource rotating(List<RequestTemplate> templates) {
        if (templates.size() == 1) {
            RequestTemplate only = templates.get(0);
            return () -> only;
        }
        return new RequestSource() {
            private int next;

            @Override
            public RequestTemplate next() {
                RequestTemplate t = templates.get(next);
                next = (next + 1) % templates.size();
                return t;
            }
        };
    }
}
