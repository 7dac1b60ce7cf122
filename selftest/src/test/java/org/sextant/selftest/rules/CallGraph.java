package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Call graph over the imported classes, built from ArchUnit's calls and method references.
 * Polymorphic calls are widened: a call to a method of an imported type also reaches the
 * overrides in its imported subclasses, and the call sites of a method include calls through
 * any supertype that declares it. Calls into libraries are leaves (not followed), so what a
 * library may call back is followed where it is created: a lambda's body is in the method declaring
 * it (ArchUnit), a method reference is a site, and an app object created on a path reaches the
 * methods a library type declares for it ({@link #createdCallbacks}).
 */
final class CallGraph {
    /** One call or method reference: where it is, and what it targets. */
    record Site(JavaCodeUnit origin, int line, AccessTarget.CodeUnitAccessTarget target, boolean inLambda) {
        String describe() {
            return origin.getFullName() + " (line " + line + ") -> " + target.getFullName();
        }
    }

    private final JavaClasses classes;
    private final Map<JavaCodeUnit, List<Site>> outgoing = new LinkedHashMap<>();

    CallGraph(JavaClasses classes) {
        this.classes = classes;
        for (JavaClass c : classes) {
            for (JavaCodeUnit u : c.getCodeUnits()) {
                List<Site> sites = new ArrayList<>();
                for (JavaAccess<?> a : u.getCallsFromSelf()) sites.add(site(u, a));
                for (JavaAccess<?> a : u.getMethodReferencesFromSelf()) sites.add(site(u, a));
                for (JavaAccess<?> a : u.getConstructorReferencesFromSelf()) sites.add(site(u, a));
                outgoing.put(u, sites);
            }
        }
    }

    private static Site site(JavaCodeUnit origin, JavaAccess<?> access) {
        return new Site(origin, access.getLineNumber(), (AccessTarget.CodeUnitAccessTarget) access.getTarget(), access.isDeclaredInLambda());
    }

    JavaClasses classes() {
        return classes;
    }

    List<Site> sitesFrom(JavaCodeUnit unit) {
        return outgoing.getOrDefault(unit, List.of());
    }

    /** Every call site in the imported code that may run this method (directly or through a supertype). */
    List<Site> callSitesOf(JavaCodeUnit method) {
        List<Site> out = new ArrayList<>();
        for (List<Site> sites : outgoing.values()) {
            for (Site s : sites) {
                if (mayInvoke(s.target(), method)) out.add(s);
            }
        }
        return out;
    }

    private static boolean mayInvoke(AccessTarget.CodeUnitAccessTarget target, JavaCodeUnit method) {
        if (!target.getName().equals(method.getName())) return false;
        if (!names(target.getRawParameterTypes()).equals(names(method.getRawParameterTypes()))) return false;
        JavaClass owner = target.getOwner();
        JavaClass declaring = method.getOwner();
        return declaring.isAssignableTo(owner.getName()) || owner.isAssignableTo(declaring.getName());
    }

    private static List<String> names(List<JavaClass> types) {
        return types.stream().map(JavaClass::getName).toList();
    }

    /** The imported code units a call site may run: the resolved member and its imported overrides. */
    List<JavaCodeUnit> resolve(AccessTarget.CodeUnitAccessTarget target) {
        List<JavaCodeUnit> out = new ArrayList<>();
        Optional<? extends JavaCodeUnit> member = target.resolveMember();
        member.filter(m -> classes.contain(m.getOwner().getName())).ifPresent(out::add);
        JavaClass owner = target.getOwner();
        if (!classes.contain(owner.getName()) || target.getName().equals("<init>")) return out;
        for (JavaClass sub : owner.getAllSubclasses()) {
            if (!classes.contain(sub.getName())) continue;
            for (JavaCodeUnit u : sub.getCodeUnits()) {
                if (u.getName().equals(target.getName())
                        && names(u.getRawParameterTypes()).equals(names(target.getRawParameterTypes()))
                        && !out.contains(u)) {
                    out.add(u);
                }
            }
        }
        return out;
    }

    /**
     * The methods library code may run on an object created at this site (a constructor call of an
     * imported class): its methods, own or inherited from imported superclasses, that override a
     * method a library type declares (Runnable.run, Consumer.accept, Supplier.get, Callable.call,
     * Thread.run, Object.toString...). The object may be handed to a library or kept in a field and
     * called later through that interface, which the call graph does not follow (library calls are
     * leaves), so they count as reached where the object is created. Lambdas and method references
     * need no such edge: ArchUnit puts a lambda body's calls in the method declaring it, and a method
     * reference is a site of its own. Used for reachability only, never to say a gate was passed.
     */
    List<JavaCodeUnit> createdCallbacks(AccessTarget.CodeUnitAccessTarget target) {
        if (!target.getName().equals("<init>") || !classes.contain(target.getOwner().getName())) return List.of();
        return callbacks.computeIfAbsent(target.getOwner().getName(), n -> libraryOverrides(classes.get(n)));
    }

    private final Map<String, List<JavaCodeUnit>> callbacks = new HashMap<>();

    private List<JavaCodeUnit> libraryOverrides(JavaClass created) {
        Set<List<String>> library = new HashSet<>();
        boolean unknownLibraryType = false;
        for (JavaClass sup : created.getAllClassesSelfIsAssignableTo()) {
            if (classes.contain(sup.getName())) continue;
            // library types are imported without members (archunit.properties): ask the JVM what they declare
            try {
                for (Class<?> k = sup.reflect(); k != null; k = k.getSuperclass()) {
                    for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
                        if (!java.lang.reflect.Modifier.isPrivate(m.getModifiers())) library.add(signature(m));
                    }
                }
            } catch (RuntimeException | LinkageError e) {
                unknownLibraryType = true; // not loadable: any instance method may be one it declares
            }
        }
        List<JavaCodeUnit> out = new ArrayList<>();
        for (JavaClass c = created; c != null && classes.contain(c.getName()); c = c.getRawSuperclass().orElse(null)) {
            for (JavaCodeUnit u : c.getMethods()) {
                if (u.getModifiers().contains(JavaModifier.STATIC) || u.getModifiers().contains(JavaModifier.PRIVATE)
                        || !unknownLibraryType && !library.contains(signature(u))) continue;
                if (out.stream().noneMatch(o -> signature(o).equals(signature(u)))) out.add(u); // an override hides what it overrides
            }
        }
        return out;
    }

    private static List<String> signature(JavaCodeUnit u) {
        List<String> s = new ArrayList<>(names(u.getRawParameterTypes()));
        s.add(0, u.getName());
        return s;
    }

    private static List<String> signature(java.lang.reflect.Method m) {
        List<String> s = new ArrayList<>();
        s.add(m.getName());
        for (Class<?> p : m.getParameterTypes()) s.add(p.getName());
        return s;
    }

    private static String createdHere(JavaCodeUnit callback) {
        return "created here, so library code may run " + callback.getFullName();
    }

    /**
     * The first path (as site descriptions) from the start units to a call whose target matches,
     * following calls through imported code; empty when none is reachable.
     */
    List<String> pathTo(Iterable<JavaCodeUnit> start, Predicate<AccessTarget.CodeUnitAccessTarget> bad) {
        return pathTo(start, bad, u -> false);
    }

    /** {@link #pathTo} that does not walk into the code units {@code skip} names (an exemption stated by the rule). */
    List<String> pathTo(Iterable<JavaCodeUnit> start, Predicate<AccessTarget.CodeUnitAccessTarget> bad, Predicate<JavaCodeUnit> skip) {
        return pathTo(start, bad, skip, s -> false);
    }

    /** {@link #pathTo} that also does not follow the call sites {@code skipSite} names (an exemption stated by the rule). */
    List<String> pathTo(Iterable<JavaCodeUnit> start, Predicate<AccessTarget.CodeUnitAccessTarget> bad, Predicate<JavaCodeUnit> skip,
                        Predicate<Site> skipSite) {
        Deque<List<Object>> queue = new ArrayDeque<>();
        Set<JavaCodeUnit> seen = new HashSet<>();
        for (JavaCodeUnit u : start) {
            if (seen.add(u)) queue.add(List.of(u, List.<String>of()));
        }
        while (!queue.isEmpty()) {
            List<Object> item = queue.poll();
            JavaCodeUnit unit = (JavaCodeUnit) item.get(0);
            @SuppressWarnings("unchecked")
            List<String> path = (List<String>) item.get(1);
            for (Site s : sitesFrom(unit)) {
                if (skipSite.test(s)) continue;
                List<String> next = new ArrayList<>(path);
                next.add(s.describe());
                if (bad.test(s.target())) return next;
                for (JavaCodeUnit callee : resolve(s.target())) {
                    if (!skip.test(callee) && seen.add(callee)) queue.add(List.of(callee, next));
                }
                for (JavaCodeUnit callback : createdCallbacks(s.target())) {
                    List<String> via = new ArrayList<>(next);
                    via.add(createdHere(callback));
                    if (!skip.test(callback) && seen.add(callback)) queue.add(List.of(callback, via));
                }
            }
        }
        return List.of();
    }

    /** Every imported code unit reachable from the start units (the start units included), with the path that reached it. */
    Map<JavaCodeUnit, List<String>> reachable(Iterable<JavaCodeUnit> start) {
        return walk(start, false, u -> false);
    }

    /**
     * {@link #reachable}, also following values read from fields: a unit reading a field of the
     * imported classes reaches the units that store into it ({@link #storers}: an initializer, a
     * constructor, a setter, a static block filling a map), since what it reads is what they put
     * there; and a storing unit for which {@code valueFromCallers} holds (one taking the value as a
     * parameter) reaches the code calling it, where the value comes from.
     */
    Map<JavaCodeUnit, List<String>> reachableThroughFields(Iterable<JavaCodeUnit> start, Predicate<JavaCodeUnit> valueFromCallers) {
        return walk(start, true, valueFromCallers);
    }

    private Map<JavaCodeUnit, List<String>> walk(Iterable<JavaCodeUnit> start, boolean fields, Predicate<JavaCodeUnit> valueFromCallers) {
        Map<JavaCodeUnit, List<String>> out = new LinkedHashMap<>();
        Deque<JavaCodeUnit> queue = new ArrayDeque<>();
        for (JavaCodeUnit u : start) {
            if (out.putIfAbsent(u, List.of(u.getFullName())) == null) queue.add(u);
        }
        while (!queue.isEmpty()) {
            JavaCodeUnit unit = queue.poll();
            for (Site s : sitesFrom(unit)) {
                for (JavaCodeUnit callee : resolve(s.target())) reach(out, queue, unit, callee, s.describe());
                for (JavaCodeUnit callback : createdCallbacks(s.target())) {
                    reach(out, queue, unit, callback, s.describe() + " -> " + createdHere(callback));
                }
            }
            if (!fields) continue;
            for (JavaFieldAccess a : unit.getFieldAccesses()) {
                if (a.getAccessType() != JavaFieldAccess.AccessType.GET) continue;
                for (JavaCodeUnit storer : storers().getOrDefault(a.getTarget().getFullName(), List.of())) {
                    reach(out, queue, unit, storer, unit.getFullName() + " (line " + a.getLineNumber() + ") reads "
                            + a.getTarget().getFullName() + ", which " + storer.getFullName() + " stores");
                }
            }
            if (!valueFromCallers.test(unit) || !storesAField(unit)) continue;
            for (Site s : callSitesOf(unit)) {
                reach(out, queue, unit, s.origin(), unit.getFullName() + " stores a value it is given by " + s.describe());
            }
        }
        return out;
    }

    private static void reach(Map<JavaCodeUnit, List<String>> out, Deque<JavaCodeUnit> queue, JavaCodeUnit from, JavaCodeUnit to, String how) {
        if (out.containsKey(to)) return;
        List<String> path = new ArrayList<>(out.get(from));
        path.add(how);
        out.put(to, path);
        queue.add(to);
    }

    /** java.util methods that store what they are given into the collection or map they are called on. */
    private static final Set<String> STORING = Set.of("put", "putAll", "putIfAbsent", "compute", "computeIfAbsent",
            "computeIfPresent", "merge", "replace", "replaceAll", "add", "addAll", "set", "offer", "push", "addFirst",
            "addLast", "offerFirst", "offerLast", "putFirst", "putLast");

    private Map<String, List<JavaCodeUnit>> storers;

    /**
     * The code units that may store into each field of the imported classes, by the field's full
     * name: those assigning it, and those reading it that call a java.util method storing into what
     * it is called on (a map filled with put, a list with add).
     */
    private Map<String, List<JavaCodeUnit>> storers() {
        if (storers != null) return storers;
        Map<String, List<JavaCodeUnit>> out = new HashMap<>();
        for (JavaCodeUnit u : outgoing.keySet()) {
            boolean fills = sitesFrom(u).stream().anyMatch(s -> s.target().getOwner().getName().startsWith("java.util.")
                    && STORING.contains(s.target().getName()));
            for (JavaFieldAccess a : u.getFieldAccesses()) {
                if (!classes.contain(a.getTarget().getOwner().getName())) continue;
                if (a.getAccessType() == JavaFieldAccess.AccessType.SET || fills) {
                    List<JavaCodeUnit> units = out.computeIfAbsent(a.getTarget().getFullName(), k -> new ArrayList<>());
                    if (!units.contains(u)) units.add(u);
                }
            }
        }
        storers = out;
        return out;
    }

    private boolean storesAField(JavaCodeUnit u) {
        return storers().values().stream().anyMatch(units -> units.contains(u));
    }

    /** Whether the unit, before the given line, calls a matching target or a method that reaches one. */
    boolean reachesBefore(JavaCodeUnit unit, int line, Set<JavaCodeUnit> reachGate,
                          Predicate<AccessTarget.CodeUnitAccessTarget> gate) {
        for (Site s : sitesFrom(unit)) {
            if (s.line() >= line) continue;
            if (gate.test(s.target())) return true;
            for (JavaCodeUnit c : resolve(s.target())) {
                if (reachGate.contains(c)) return true;
            }
        }
        return false;
    }

    /** Every imported code unit from which some call path reaches a matching target. */
    Set<JavaCodeUnit> reaching(Predicate<AccessTarget.CodeUnitAccessTarget> gate) {
        Set<JavaCodeUnit> out = new HashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map.Entry<JavaCodeUnit, List<Site>> e : outgoing.entrySet()) {
                if (out.contains(e.getKey())) continue;
                for (Site s : e.getValue()) {
                    if (gate.test(s.target()) || resolve(s.target()).stream().anyMatch(out::contains)) {
                        out.add(e.getKey());
                        grew = true;
                        break;
                    }
                }
            }
        }
        return out;
    }

    /**
     * Call paths that reach the method without first passing a matching call (a gate). Every
     * non-private code unit is an entry (a library, the SDK or another class may call it), and so
     * is any code unit nothing calls; from the entries, calls are followed unless the calling
     * method passed the gate on an earlier line. Reaching the method is a violation.
     */
    List<String> ungatedPaths(JavaCodeUnit method, Predicate<AccessTarget.CodeUnitAccessTarget> gate) {
        Set<JavaCodeUnit> reachGate = reaching(gate);
        Map<JavaCodeUnit, String> how = new HashMap<>();
        Deque<JavaCodeUnit> queue = new ArrayDeque<>();
        for (JavaCodeUnit u : outgoing.keySet()) {
            if (u.equals(method)) continue;
            if (!u.getModifiers().contains(JavaModifier.PRIVATE) || callSitesOf(u).isEmpty()) {
                how.put(u, u.getFullName());
                queue.add(u);
            }
        }
        List<String> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            JavaCodeUnit u = queue.poll();
            for (Site s : sitesFrom(u)) {
                List<JavaCodeUnit> callees = resolve(s.target());
                if (callees.isEmpty() || reachesBefore(u, s.line(), reachGate, gate)) continue;
                for (JavaCodeUnit c : callees) {
                    String path = how.get(u) + " (line " + s.line() + ") -> " + c.getFullName();
                    if (c.equals(method)) {
                        out.add(path);
                    } else if (!how.containsKey(c)) {
                        how.put(c, path);
                        queue.add(c);
                    }
                }
            }
        }
        return out;
    }
}
