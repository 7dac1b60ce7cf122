package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;
import org.sextant.contract.Capability;
import org.sextant.engine.Sextant;

/**
 * One name per capability inside the code: the contract's name (get_close_price), the route method
 * and the facade method (getClosePrice), so a newcomer finds a capability in one search.
 */
class CapabilityNamesTest {
    /** Capabilities served by something other than the facade, and by what. */
    static final Map<String, String> SERVED_ELSEWHERE = Map.of(
            "list_jobs", "Jobs (engine.jobs())",
            "job_status", "Jobs (engine.jobs())",
            "cancel_job", "Jobs (engine.jobs())",
            "read_log", "the home's log (AppLog)",
            "read_state", "the hosting app's state supplier",
            "render_chart", "the hosting app (JavaFX)");

    static String camel(String name) {
        String[] parts = name.split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        return b.toString();
    }

    static List<String> misnamed(Class<?> facade, Class<?> routes, List<Capability> capabilities) {
        Set<String> facadeMethods = Arrays.stream(facade.getMethods()).map(Method::getName).collect(Collectors.toSet());
        Set<String> routeMethods = Arrays.stream(routes.getDeclaredMethods()).filter(m -> Modifier.isPrivate(m.getModifiers()))
                .map(Method::getName).collect(Collectors.toSet());
        List<String> out = new ArrayList<>();
        for (Capability c : capabilities) {
            String name = camel(c.name());
            if (!SERVED_ELSEWHERE.containsKey(c.name()) && !facadeMethods.contains(name)) out.add(c.name() + ": no facade method " + name);
            if (!ApiRoutes.APP_HOSTED.contains(c) && !routeMethods.contains(name)) out.add(c.name() + ": no route method " + name);
        }
        return out;
    }

    @Test
    void everyCapabilityHasOneNameFromContractToRouteToFacade() {
        assertEquals(List.of(), misnamed(Sextant.class, ApiRoutes.class, Capabilities.ALL));
    }

    /** The rule fails on a facade that names a capability otherwise (closePrices for get_close_price). */
    @Test
    void aFacadeMethodWithAnotherNameIsFound() {
        class OldFacade {
            public Object closePrices() { return null; }
        }
        List<String> found = misnamed(OldFacade.class, ApiRoutes.class, List.of(Capabilities.GET_CLOSE_PRICE));
        assertEquals(List.of("get_close_price: no facade method getClosePrice"), found);
        assertTrue(misnamed(Sextant.class, ApiRoutes.class, List.of(Capabilities.GET_CLOSE_PRICE)).isEmpty());
    }
}
