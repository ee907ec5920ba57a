package dev.loadtest.samples.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.samples.cli.ShardArguments;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Checks samples/kubernetes: the Indexed Job's wiring of the shard index, the volume, the merge Job. */
class KubernetesManifestTest {

    private static final Path DIR = Path.of("kubernetes");

    private static List<Map<String, Object>> documents(String file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(DIR.resolve(file), StandardCharsets.UTF_8)) {
            for (Object doc : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(in)) {
                if (doc != null) {
                    docs.add(map(doc));
                }
            }
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        assertThat(o).isInstanceOf(Map.class);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        assertThat(o).isInstanceOf(List.class);
        return (List<Object>) o;
    }

    private static Map<String, Object> at(Map<String, Object> m, String... path) {
        Map<String, Object> current = m;
        for (String key : path) {
            assertThat(current).as(String.join(".", path)).containsKey(key);
            current = map(current.get(key));
        }
        return current;
    }

    private static Map<String, Object> kind(List<Map<String, Object>> docs, String kind, String name) {
        Optional<Map<String, Object>> found = docs.stream()
                .filter(d -> kind.equals(d.get("kind")) && name.equals(at(d, "metadata").get("name"))).findFirst();
        assertThat(found).as(kind + " " + name).isPresent();
        return found.get();
    }

    private static Map<String, Object> onlyContainer(Map<String, Object> job) {
        List<Object> containers = list(at(job, "spec", "template", "spec").get("containers"));
        assertThat(containers).hasSize(1);
        return map(containers.get(0));
    }

    private static List<String> args(Map<String, Object> container) {
        return list(container.get("args")).stream().map(String::valueOf).toList();
    }

    private static String valueAfter(List<String> args, String option) {
        int i = args.indexOf(option);
        assertThat(i).as(option + " in " + args).isGreaterThanOrEqualTo(0).isLessThan(args.size() - 1);
        return args.get(i + 1);
    }

    /** The claim mounted at the path, checked to be a volume of the pod backed by a PVC. */
    private static String claimMountedAt(Map<String, Object> job, Map<String, Object> container, String path) {
        String volume = null;
        for (Object m : list(container.get("volumeMounts"))) {
            if (path.equals(map(m).get("mountPath"))) {
                volume = (String) map(m).get("name");
            }
        }
        assertThat(volume).as("a volume mounted at " + path).isNotNull();
        for (Object v : list(at(job, "spec", "template", "spec").get("volumes"))) {
            if (volume.equals(map(v).get("name"))) {
                return (String) at(map(v), "persistentVolumeClaim").get("claimName");
            }
        }
        throw new AssertionError("volume " + volume + " is not defined in the pod");
    }

    @Test
    void should_run_an_indexed_job_of_n_shards_wired_to_the_completion_index() throws IOException {
        List<Map<String, Object>> docs = documents("loadtest-shards.yaml");
        Map<String, Object> job = kind(docs, "Job", "loadtest-shards");
        assertThat(job.get("apiVersion")).isEqualTo("batch/v1");
        Map<String, Object> spec = at(job, "spec");
        assertThat(spec.get("completionMode")).isEqualTo("Indexed");
        int n = (Integer) spec.get("completions");
        assertThat(n).isGreaterThan(1);
        assertThat(spec.get("parallelism")).isEqualTo(n);
        assertThat(at(job, "spec", "template", "spec").get("restartPolicy")).isEqualTo("Never");

        Map<String, Object> container = onlyContainer(job);
        List<String> args = args(container);
        assertThat(valueAfter(args, "--shard")).isEqualTo("$(JOB_COMPLETION_INDEX)/" + n);
        assertThat(valueAfter(args, "--start-at")).isEqualTo("$(START_AT)");
        // $(VAR) expands only for variables declared in the container: both are
        List<Object> env = list(container.get("env"));
        Map<String, Object> index = env.stream().map(KubernetesManifestTest::map)
                .filter(e -> "JOB_COMPLETION_INDEX".equals(e.get("name"))).findFirst().orElseThrow();
        assertThat(at(index, "valueFrom", "fieldRef").get("fieldPath"))
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
        assertThat(env.stream().map(KubernetesManifestTest::map).map(e -> e.get("name"))).contains("START_AT");

        String json = valueAfter(args, "--json");
        assertThat(json).isEqualTo("/results/shard-$(JOB_COMPLETION_INDEX).json");
        String claim = claimMountedAt(job, container, "/results");
        Map<String, Object> pvc = kind(docs, "PersistentVolumeClaim", claim);
        assertThat(list(at(pvc, "spec").get("accessModes"))).containsExactly("ReadWriteMany");

        // the arguments, with the index of the last pod, are ones the command accepts
        String last = String.valueOf(n - 1);
        List<String> expanded = args.stream().map(a -> a.replace("$(JOB_COMPLETION_INDEX)", last)
                .replace("$(START_AT)", "1767225600")).toList();
        assertThat(ShardArguments.parse(expanded)).containsExactly(n - 1, n);
    }

    @Test
    void should_merge_every_shard_from_the_same_volume() throws IOException {
        Map<String, Object> shards = kind(documents("loadtest-shards.yaml"), "Job", "loadtest-shards");
        int n = (Integer) at(shards, "spec").get("completions");
        Map<String, Object> merge = kind(documents("loadtest-merge.yaml"), "Job", "loadtest-merge");
        Map<String, Object> container = onlyContainer(merge);
        List<String> args = args(container);
        assertThat(args.get(0)).isEqualTo("merge");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add("/results/shard-" + i + ".json");
        }
        assertThat(args.subList(1, n + 1)).containsExactlyElementsOf(expected);
        assertThat(args).contains("--json", "--html");
        assertThat(claimMountedAt(merge, container, "/results"))
                .isEqualTo(claimMountedAt(shards, onlyContainer(shards), "/results"));
        assertThat(onlyContainer(merge).get("image")).isEqualTo(onlyContainer(shards).get("image"));
    }

    @Test
    void should_build_the_image_from_the_shaded_jar_on_a_jre_17() throws IOException {
        List<String> lines = Files.readAllLines(DIR.resolve("Dockerfile"));
        assertThat(lines).contains("FROM eclipse-temurin:17-jre")
                .contains("COPY samples/target/loadtest.jar /app/loadtest.jar")
                .contains("ENTRYPOINT [\"java\", \"-jar\", \"/app/loadtest.jar\"]");
        assertThat(DIR.resolve("README.md")).isRegularFile();
    }
}
