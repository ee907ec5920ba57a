package dev.loadtest.samples.springboot;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Orders kept in memory: enough for a load test to have reads, writes and a 404. */
@RestController
public class OrdersController {

    /** An order as the JSON body of a request or a response. */
    public record Order(long id, String item, int quantity) {
    }

    /** What a client sends to place an order. */
    public record NewOrder(String item, int quantity) {
    }

    private final Map<Long, Order> orders = new ConcurrentHashMap<>(Map.of(1L, new Order(1, "coffee", 2)));
    private final AtomicLong ids = new AtomicLong(1);

    @GetMapping("/orders/{id}")
    public ResponseEntity<Order> order(@PathVariable long id) {
        Order order = orders.get(id);
        return order == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(order);
    }

    @PostMapping("/orders")
    public ResponseEntity<Order> place(@RequestBody NewOrder request) {
        if (request.item() == null || request.quantity() < 1) {
            return ResponseEntity.badRequest().build();
        }
        long id = ids.incrementAndGet();
        Order order = new Order(id, request.item(), request.quantity());
        // a bounded store: a load test places many orders, the sample keeps the last few thousand
        if (orders.size() < 10_000) {
            orders.put(id, order);
        }
        return ResponseEntity.status(HttpStatus.CREATED).body(order);
    }

    @GetMapping("/health")
    public Map<String, String> health() {
        return Map.of("status", "up");
    }
}
