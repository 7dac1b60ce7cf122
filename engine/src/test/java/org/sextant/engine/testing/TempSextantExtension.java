package org.sextant.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.sextant.engine.Sextant;
import org.sextant.engine.TestData;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;

/** Resolves {@link TempSextant} parameters and fills {@link TempSextant} fields; see there. */
public final class TempSextantExtension implements ParameterResolver, BeforeAllCallback, BeforeEachCallback {
    private static final ExtensionContext.Namespace HOMES = ExtensionContext.Namespace.create(TempSextantExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
        return p.isAnnotated(TempSextant.class) && supported(p.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext c) {
        return open(p.getParameter().getType(), p.findAnnotation(TempSextant.class).orElseThrow(), c);
    }

    /** Static fields, and instance fields of a per-class instance, live as long as the class. */
    @Override
    public void beforeAll(ExtensionContext c) throws IllegalAccessException {
        fill(c.getRequiredTestClass(), null, c);
        if (perClass(c)) {
            Object instance = c.getTestInstance().orElse(null);
            if (instance != null) fill(c.getRequiredTestClass(), instance, c);
        }
    }

    /** Instance fields of a per-test instance live as long as the test. */
    @Override
    public void beforeEach(ExtensionContext c) throws IllegalAccessException {
        if (!perClass(c)) fill(c.getRequiredTestClass(), c.getRequiredTestInstance(), c);
    }

    private static boolean perClass(ExtensionContext c) {
        return c.getTestInstanceLifecycle().orElse(TestInstance.Lifecycle.PER_METHOD) == TestInstance.Lifecycle.PER_CLASS;
    }

    /** Fills the static fields ({@code instance} null) or the instance fields of {@code instance}. */
    private static void fill(Class<?> type, Object instance, ExtensionContext c) throws IllegalAccessException {
        for (Field f : AnnotationSupport.findAnnotatedFields(type, TempSextant.class)) {
            if (Modifier.isStatic(f.getModifiers()) != (instance == null)) continue;
            if (!supported(f.getType())) throw new IllegalStateException("@TempSextant on " + f + ": use Sextant, Store or SextantHome");
            f.setAccessible(true);
            f.set(instance, open(f.getType(), f.getAnnotation(TempSextant.class), c));
        }
    }

    private static boolean supported(Class<?> type) {
        return type == Sextant.class || type == Store.class || type == SextantHome.class;
    }

    private static Object open(Class<?> type, TempSextant how, ExtensionContext c) {
        Home home = new Home(newHome());
        // the context's store closes the home when the scope that asked for it (a class or a test) ends
        c.getStore(HOMES).put(home, home);
        if (type == SextantHome.class) return home.home;
        if (type == Store.class) return home.opened(SampleStoreCopy.openOrEmpty(home.home.database(), home.home.stagingDir()));
        Sextant engine = home.opened(Sextant.open(SampleStoreCopy.into(home.home)));
        if (how.dowRows()) TestData.insertDowSample(engine.store());
        return engine;
    }

    private static SextantHome newHome() {
        try {
            return new SextantHome(Files.createTempDirectory("sextant-test-")).ensureLayout();
        } catch (IOException e) {
            throw new ParameterResolutionException("cannot make a temporary SEXTANT_HOME", e);
        }
    }

    /** A temporary home and what was opened on it: closed, then deleted. */
    private static final class Home implements ExtensionContext.Store.CloseableResource {
        final SextantHome home;
        private AutoCloseable opened;

        Home(SextantHome home) { this.home = home; }

        <T extends AutoCloseable> T opened(T resource) {
            opened = resource;
            return resource;
        }

        @Override
        public void close() throws Exception {
            if (opened != null) opened.close();
            try (var files = Files.walk(home.root())) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            } catch (UncheckedIOException | IOException e) {
                // a file a test left open (Windows) stays in the temp folder; the test itself passed
            }
        }
    }
}
