package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The named-module case runs in the samples' ModulePathIT, on a real module path. */
class RequiredModulesTest {

    @Test
    void should_need_nothing_on_the_class_path() {
        assertThat(RequiredModules.class.getModule().isNamed()).isFalse();
        assertThat(RequiredModules.missing(RequiredModules.class.getModule())).isEmpty();
    }

    @Test
    void should_find_jdk_net_in_a_layer_that_has_it() {
        // java.base is named and in the boot layer, which holds jdk.net on a full JDK
        assertThat(ModuleLayer.boot().findModule(RequiredModules.JDK_NET)).isPresent();
        assertThat(RequiredModules.missing(Object.class.getModule())).isEmpty();
    }
}
