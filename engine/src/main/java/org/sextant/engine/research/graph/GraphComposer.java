package org.sextant.engine.research.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.contract.HeldNumbers;
import org.sextant.contract.JsonLimits;
import org.sextant.contract.RepeatedKeys;
import org.sextant.contract.ShownText;
import org.sextant.engine.forecast.ForecastModels;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;

/**
 * Validates a versioned JSON graph spec against the node catalogue and returns the runnable
 * graph with its configuration count, or every problem found, each naming the node and field.
 * It runs nothing. Checks: document shape and version; node types; parameters (known, typed, in
 * range, ranges well formed); inputs (known ports, existing nodes, matching types, none
 * missing); exactly one execution root; cycles; look-ahead (negative lags); constraints; the
 * configuration limit.
 *
 * <pre>{"version": 1, "name": "sma cross",
 *  "nodes": {"close": {"type": "price"},
 *            "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": {"from": 5, "to": 50, "step": 5}}},
 *            "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [100, 200]}},
 *            "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
 *            "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}},
 *            "book": {"type": "equal_weight", "inputs": {"position": "size"}},
 *            "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_open", "cost_bps": 5}}},
 *  "constraints": ["fast.length < slow.length"]}</pre>
 */
public final class GraphComposer {
    public static final int VERSION = 1;
    public static final long MAX_CONFIGURATIONS = 1_000_000;
    /**
     * Nodes in one spec: a strategy is a handful (the example has 7); a chain of thousands ran out of
     * stack in the sweep (each node asks its inputs for their series) and took the run down.
     */
    public static final int MAX_NODES = 200;
    private static final Pattern CONSTRAINT = Pattern.compile("\\s*([A-Za-z0-9_]+)\\.([A-Za-z0-9_]+)\\s*(<=|>=|!=|<|>)\\s*([A-Za-z0-9_]+)\\.([A-Za-z0-9_]+)\\s*");
    private static final Pattern ID = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private final List<GraphError> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private GraphComposer() {}

    /** A spec as sent: a key given twice in one object is refused (a copied node not renamed would replace the first). */
    public static ComposeResult compose(String json) {
        return new GraphComposer().run(json, STRICT);
    }

    /**
     * The spec of a run stored already, read as it was run: one stored before keys given twice were
     * refused still replays, its later value counting as it did then.
     */
    public static ComposeResult composeAsRun(String json) {
        return new GraphComposer().run(json, JsonLimits.exact());
    }

    /**
     * Specs are read as the local API reads arguments: fractions exactly, so that a number no double holds is refused by
     * what was sent (as doubles cost_bps 1e400 was "Infinity is outside its range", a step of 1e-400 silently 0).
     */
    private static final ObjectReader STRICT = RepeatedKeys.strict(JsonLimits.exact());

    private static final String FEWER_NODES = "a strategy needs a handful of nodes: join repeated steps into one node's parameters";
    /** What an error about a number no double holds asks for. */
    private static final String HELD_FIX = "write a number a double holds: at most 1.8e308 in size, and 0 or at least 4.9e-324";

    private ComposeResult run(String json, ObjectReader reader) {
        JsonNode doc;
        try (tools.jackson.core.JsonParser p = json == null ? null : reader.createParser(json)) {
            try {
                doc = p == null ? null : reader.readTree(p);
            } catch (tools.jackson.core.exc.StreamConstraintsException e) {
                return fail(null, "spec", JsonLimits.passed(e, p, "the spec", true), FEWER_NODES);
            } catch (NumberFormatException e) { // 1e2147483648: no exact number holds it either
                List<Object> at = RepeatedKeys.at(p);
                return fail(null, at.isEmpty() ? "spec" : RepeatedKeys.shown(at), HeldNumbers.pastEveryExponent(p.getString()), HELD_FIX);
            }
        } catch (JacksonException e) {
            // where, not what: the file may not be a spec at all (a token, a .env), and its text is not to be echoed
            tools.jackson.core.TokenStreamLocation at = e.getLocation();
            boolean placed = at != null && at.getLineNr() >= 1;
            List<Object> twice = RepeatedKeys.path(e);
            if (twice != null) {
                return fail(null, "spec", RepeatedKeys.shown(twice) + " is given twice" + (placed ? " (line " + at.getLineNr() + ")" : "")
                        + ": which one counts would be a guess", "keep one of them; a copied node needs an id of its own");
            }
            return fail(null, "spec", "not valid JSON" + (placed ? " at line " + at.getLineNr() + ", column " + at.getColumnNr() : ""),
                    "send a JSON object with version and nodes");
        }
        if (doc == null || !doc.isObject()) return fail(null, "spec", "the spec must be a JSON object", "send {\"version\": 1, \"nodes\": {...}}");
        HeldNumbers.Unheld unheld = HeldNumbers.first(doc);
        if (unheld != null) return fail(null, RepeatedKeys.shown(unheld.path()), unheld.problem(), HELD_FIX);
        doc = HeldNumbers.held(doc); // each number the double the nodes read
        JsonNode v = doc.get("version");
        if (v == null || !v.isIntegralNumber() || v.intValue() != VERSION) {
            return fail(null, "version", "unsupported spec version " + (v == null ? "(missing)" : v.isIntegralNumber() ? v.toString() : "(a " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a number)"),
                    "set \"version\": " + VERSION);
        }
        String name = doc.get("name") != null && doc.get("name").isString() ? doc.get("name").stringValue() : "strategy";
        if (ShownText.hasUnshown(name)) { // it titles the report and lists: a terminal escape or a direction override would show another name
            return fail(null, "name", "the strategy name '" + shown(name) + "' holds a control character or a text-direction override",
                    "use a name of plain text (letters, digits, spaces, punctuation)");
        }
        JsonNode nodesJson = doc.get("nodes");
        if (nodesJson == null || !nodesJson.isObject() || nodesJson.size() == 0) {
            return fail(null, "nodes", "the spec has no nodes", "add \"nodes\": {id: {\"type\": ..., \"inputs\": {...}, \"params\": {...}}}");
        }
        if (nodesJson.size() > MAX_NODES) {
            return fail(null, "nodes", "the spec has " + nodesJson.size() + " nodes, more than " + MAX_NODES, FEWER_NODES);
        }

        Map<String, ComposedNode> nodes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : nodesJson.properties()) {
            ComposedNode n = node(e.getKey(), e.getValue());
            if (n != null) nodes.put(n.id(), n);
        }
        // Inputs: known ports, existing nodes, matching types, none missing.
        for (Map.Entry<String, JsonNode> e : nodesJson.properties()) {
            ComposedNode n = nodes.get(e.getKey());
            if (n != null) checkInputs(n, nodes, nodesJson.propertyNames());
        }
        String root = root(nodes);
        List<ComposedNode> order = errors.isEmpty() ? order(nodes, root) : List.of();
        List<Constraint> constraints = constraints(doc.get("constraints"), nodes);
        // Rules a node imposes on its own parameters, so that no configuration fails mid-run.
        for (ComposedNode n : order) {
            if (n.type().name().equals("threshold")) constraints.add(new Constraint(n.id(), "enter_below", "<=", n.id(), "exit_above"));
            if (n.type().name().equals("macd")) constraints.add(new Constraint(n.id(), "fast", "<", n.id(), "slow"));
            if (n.type().name().equals("forecast")) constraints.add(new Constraint(n.id(), "horizon", "<", n.id(), "window"));
        }
        if (!errors.isEmpty()) return new ComposeResult(null, 0, List.copyOf(errors), List.copyOf(warnings));

        ComposedGraph graph;
        try {
            graph = new ComposedGraph(VERSION, name, order, root, constraints, MAX_CONFIGURATIONS);
        } catch (ArithmeticException overflow) {
            return fail(null, "nodes", "the parameter ranges span more configurations than can be counted", "narrow the ranges");
        }
        if (graph.configurations() > MAX_CONFIGURATIONS) {
            return fail(null, "nodes", "the parameter ranges span " + graph.configurations() + " configurations, more than "
                    + MAX_CONFIGURATIONS, "narrow the ranges or use coarser steps");
        }
        if (graph.configurations() == 0) {
            return fail(null, "constraints", "no configuration satisfies the constraints " + graph.constraints(),
                    "loosen the constraints or widen the ranges (a threshold needs enter_below <= exit_above, a MACD fast < slow)");
        }
        return new ComposeResult(graph, graph.configurations(), List.of(), List.copyOf(warnings));
    }

    private ComposeResult fail(String node, String field, String message, String fix) {
        error(node, field, message, fix);
        return new ComposeResult(null, 0, List.copyOf(errors), List.copyOf(warnings));
    }

    /** Ids, keys and names come from the sender: control characters and direction overrides in them are echoed escaped. */
    private void error(String node, String field, String message, String fix) {
        errors.add(new GraphError(ShownText.name(node), ShownText.escaped(field), ShownText.escaped(message), ShownText.escaped(fix)));
    }

    /**
     * A node id, key or value the sender wrote, as an error or warning quotes it: escaped and cut
     * (ShownText.name), so a 10,000-character node id is no 10,000-character warning.
     */
    private static String shown(Object sent) {
        return ShownText.name(String.valueOf(sent)); // a JSON value as its JSON text, as before
    }

    private ComposedNode node(String id, JsonNode json) {
        String at = "nodes." + shown(id);
        if (!ID.matcher(id).matches()) {
            error(id, at, "node id '" + shown(id) + "' is not a simple name", "use letters, digits and _ starting with a letter");
            return null;
        }
        if (!json.isObject()) {
            error(id, at, "node '" + shown(id) + "' must be an object", "write {\"type\": ..., \"inputs\": {...}, \"params\": {...}}");
            return null;
        }
        JsonNode typeJson = json.get("type");
        String typeName = typeJson != null && typeJson.isString() ? typeJson.stringValue() : null;
        NodeType type = typeName == null ? null : NodeCatalogue.find(typeName);
        if (type == null) {
            error(id, at + ".type", typeName == null ? "node '" + shown(id) + "' has no type" : "unknown node type '" + shown(typeName) + "'",
                    "use one of: " + String.join(", ", NodeCatalogue.all().stream().map(NodeType::name).toList()));
            return null;
        }
        for (String key : json.propertyNames()) {
            if (!key.equals("type") && !key.equals("inputs") && !key.equals("params")) {
                warnings.add(at + "." + shown(key) + " is not a node field and was ignored");
            }
        }
        Map<String, String> inputs = new LinkedHashMap<>();
        JsonNode in = json.get("inputs");
        if (in != null && !in.isObject()) error(id, at + ".inputs", "inputs must be an object of port -> node id", "write {\"series\": \"close\"}");
        else if (in != null) {
            for (Map.Entry<String, JsonNode> e : in.properties()) {
                if (!e.getValue().isString()) error(id, at + ".inputs." + shown(e.getKey()), "an input must name a node id", "write \"" + shown(e.getKey()) + "\": \"<node id>\"");
                else inputs.put(e.getKey(), e.getValue().stringValue());
            }
        }
        Map<String, List<Object>> params = new LinkedHashMap<>();
        JsonNode ps = json.get("params");
        if (ps != null && !ps.isObject()) error(id, at + ".params", "params must be an object", "write {\"length\": 20}");
        if (ps != null && ps.isObject()) {
            for (String key : ps.propertyNames()) {
                if (type.param(key) == null) {
                    error(id, at + ".params." + shown(key), "node type '" + type.name() + "' has no parameter '" + shown(key) + "'",
                            type.params().isEmpty() ? "remove it: this node takes no parameters"
                                    : "use " + String.join(", ", type.params().stream().map(ParamSpec::name).toList()));
                }
            }
        }
        for (ParamSpec p : type.params()) {
            JsonNode value = ps == null || !ps.isObject() ? null : ps.get(p.name());
            String field = at + ".params." + p.name();
            if (value == null || value.isNull()) {
                if (p.defaultValue() == null) {
                    error(id, field, "'" + p.name() + "' is required for " + type.name(), "give a value, a list or {\"from\", \"to\", \"step\"}: " + p.schema());
                    continue;
                }
                params.put(p.name(), List.of(p.defaultValue()));
                continue;
            }
            List<Object> values = values(id, field, p, value);
            if (values != null) params.put(p.name(), values);
        }
        if (type.name().equals("lag") && params.containsKey("bars")) {
            for (Object b : params.get("bars")) {
                if (((Number) b).intValue() < 0) {
                    error(id, at + ".params.bars", "look-ahead: lag " + b + " reads " + (-((Number) b).intValue()) + " bar(s) into the future",
                            "use a lag of 0 or more bars");
                    break;
                }
            }
        }
        if (type.name().equals("analogue") && params.containsKey("horizon")) {
            for (Object h : params.get("horizon")) {
                int v = ((Number) h).intValue();
                if (java.util.Arrays.stream(org.sextant.engine.analogue.DailySignals.HORIZONS).noneMatch(x -> x == v)) {
                    error(id, at + ".params.horizon", "the analogue matcher reports 1, 3, 5 and 20 days ahead, not " + v, "use horizon 1, 3, 5 or 20");
                    break;
                }
            }
        }
        if (type.name().equals("forecast") && params.containsKey("model") && params.containsKey("window")) {
            int shortest = params.get("window").stream().mapToInt(w -> ((Number) w).intValue()).min().orElse(0);
            for (Object m : params.get("model")) {
                int need = ForecastModels.BUILT_IN.create((String) m).minLength(1);
                if (shortest < need) {
                    error(id, at + ".params.window", "model " + m + " needs at least " + need + " closes per fit, the window gives " + shortest,
                            "use a window of at least " + need + " bars");
                    break;
                }
            }
        }
        return new ComposedNode(id, type, inputs, params);
    }

    private List<Object> values(String node, String field, ParamSpec p, JsonNode v) {
        List<Object> out = new ArrayList<>();
        if (v.isArray()) {
            if (v.size() == 0) { error(node, field, "the list of values is empty", "give at least one value"); return null; }
            for (JsonNode x : v) if (!add(node, field, p, x, out)) return null;
        } else if (v.isObject()) {
            if (p.kind() != ParamSpec.Kind.INT && p.kind() != ParamSpec.Kind.NUMBER) {
                error(node, field, "a range needs a numeric parameter; '" + p.name() + "' is " + p.kind().name().toLowerCase(), "give a value or a list");
                return null;
            }
            JsonNode from = v.get("from"), to = v.get("to"), step = v.get("step");
            if (from == null || to == null || !from.isNumber() || !to.isNumber() || (step != null && !step.isNumber())) {
                error(node, field, "a range needs numeric from and to (and optionally step)", "write {\"from\": 5, \"to\": 50, \"step\": 5}");
                return null;
            }
            double f = from.doubleValue(), t = to.doubleValue(), s = step == null ? 1 : step.doubleValue();
            if (!(s > 0) || t < f) {
                error(node, field, "range from " + f + " to " + t + " step " + s + " is empty or backwards", "use from <= to and a positive step");
                return null;
            }
            long count = (long) Math.floor((t - f) / s + 1e-9) + 1;
            if (count > MAX_CONFIGURATIONS) { error(node, field, "the range has " + count + " values", "use a coarser step"); return null; }
            for (long i = 0; i < count; i++) {
                double x = f + i * s;
                if (p.kind() == ParamSpec.Kind.INT && x != Math.rint(x)) {
                    error(node, field, "'" + p.name() + "' must be a whole number, the range gives " + x, "use whole from and step");
                    return null;
                }
                if (!inRange(node, field, p, x)) return null;
                out.add(p.kind() == ParamSpec.Kind.INT ? (Object) (int) x : (Object) x);
            }
        } else if (!add(node, field, p, v, out)) {
            return null;
        }
        return out;
    }

    private boolean add(String node, String field, ParamSpec p, JsonNode x, List<Object> out) {
        switch (p.kind()) {
            case INT -> {
                if (!x.isNumber() || x.doubleValue() != Math.rint(x.doubleValue())) {
                    error(node, field, "'" + p.name() + "' must be a whole number, got " + shown(x), p.schema());
                    return false;
                }
                if (!inRange(node, field, p, x.doubleValue())) return false;
                out.add((int) x.doubleValue());
            }
            case NUMBER -> {
                if (!x.isNumber()) { error(node, field, "'" + p.name() + "' must be a number, got " + shown(x), p.schema()); return false; }
                if (!inRange(node, field, p, x.doubleValue())) return false;
                out.add(x.doubleValue());
            }
            case BOOLEAN -> {
                if (!x.isBoolean()) { error(node, field, "'" + p.name() + "' must be true or false, got " + shown(x), p.schema()); return false; }
                out.add(x.booleanValue());
            }
            case CHOICE -> {
                String s = x.isString() ? x.stringValue() : x.toString();
                if (p.name().equals("fill") && !p.choices().contains(s) && (s.contains("same") || s.contains("this") || s.equals("close") || s.equals("open"))) {
                    error(node, field, "look-ahead: fill '" + shown(s) + "' would trade on the bar that produced the signal", "use next_open or next_close");
                    return false;
                }
                if (!x.isString() || !p.choices().contains(s)) {
                    error(node, field, "'" + p.name() + "' must be one of " + String.join(", ", p.choices()) + ", got " + shown(x), p.schema());
                    return false;
                }
                out.add(s);
            }
        }
        return true;
    }

    private boolean inRange(String node, String field, ParamSpec p, double x) {
        if (p.min() != null && x < p.min() || p.max() != null && x > p.max()) {
            error(node, field, "'" + p.name() + "' = " + x + " is outside its range", p.schema());
            return false;
        }
        return true;
    }

    private void checkInputs(ComposedNode n, Map<String, ComposedNode> nodes, java.util.Collection<String> declared) {
        String at = "nodes." + shown(n.id()) + ".inputs";
        for (Map.Entry<String, String> in : n.inputs().entrySet()) {
            PortType want = n.type().inputs().get(in.getKey());
            if (want == null) {
                error(n.id(), at + "." + shown(in.getKey()), n.type().name() + " has no input '" + shown(in.getKey()) + "'",
                        n.type().inputs().isEmpty() ? "remove it: this node takes no inputs" : "use " + String.join(", ", n.type().inputs().keySet()));
                continue;
            }
            ComposedNode src = nodes.get(in.getValue());
            if (src == null && declared.contains(in.getValue())) {
                continue;   // the source's own error is already reported
            } else if (src == null) {
                error(n.id(), at + "." + shown(in.getKey()), "input '" + shown(in.getKey()) + "' names node '" + shown(in.getValue()) + "', which does not exist",
                        "name one of the spec's nodes");
            } else if (src.type().output() != want) {
                error(n.id(), at + "." + shown(in.getKey()), "wrong type: input '" + shown(in.getKey()) + "' of " + n.type().name() + " expects a " + want.wireName()
                        + ", but '" + shown(src.id()) + "' (" + src.type().name() + ") gives a " + src.type().output().wireName(),
                        "connect a node that gives a " + want.wireName());
            }
        }
        for (String port : n.type().inputs().keySet()) {
            if (!n.inputs().containsKey(port)) {
                error(n.id(), at + "." + port, n.type().name() + " needs input '" + port + "' (" + n.type().inputs().get(port).wireName() + ")",
                        "add \"" + port + "\": \"<node id>\" to its inputs");
            }
        }
    }

    private String root(Map<String, ComposedNode> nodes) {
        List<String> roots = new ArrayList<>();
        for (ComposedNode n : nodes.values()) if (n.type().output() == PortType.STRATEGY) roots.add(n.id());
        if (roots.size() != 1 && !nodes.isEmpty()) {
            error(roots.isEmpty() ? null : roots.get(1), "nodes", roots.isEmpty() ? "the graph has no execution node" : "the graph has " + roots.size() + " execution nodes: " + roots.stream().map(GraphComposer::shown).toList(),
                    "end the graph with exactly one execution node");
            return null;
        }
        return roots.isEmpty() ? null : roots.get(0);
    }

    /** Depth-first from the root: evaluation order, cycle detection, unused-node warnings. */
    private List<ComposedNode> order(Map<String, ComposedNode> nodes, String root) {
        List<ComposedNode> out = new ArrayList<>();
        Map<String, Integer> state = new HashMap<>();           // 1 visiting, 2 done
        visit(root, nodes, state, new ArrayList<>(), out);
        for (String id : nodes.keySet()) if (!state.containsKey(id)) warnings.add("node '" + shown(id) + "' does not feed the execution node and is ignored");
        if (!errors.isEmpty()) return List.of();
        // Nodes that feed nothing are dropped, so they cannot add configurations.
        return out;
    }

    private void visit(String id, Map<String, ComposedNode> nodes, Map<String, Integer> state, List<String> path, List<ComposedNode> out) {
        Integer s = state.get(id);
        if (s != null && s == 2) return;
        if (s != null && s == 1) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(id), path.size()));
            cycle.add(id);
            error(id, "nodes." + shown(id) + ".inputs", "cycle: " + String.join(" -> ", cycle.stream().map(GraphComposer::shown).toList()), "remove one of these inputs; a node cannot depend on itself");
            return;
        }
        state.put(id, 1);
        path.add(id);
        ComposedNode n = nodes.get(id);
        for (String src : n.inputs().values()) if (nodes.containsKey(src)) visit(src, nodes, state, path, out);
        path.remove(path.size() - 1);
        state.put(id, 2);
        out.add(n);
    }

    private List<Constraint> constraints(JsonNode json, Map<String, ComposedNode> nodes) {
        List<Constraint> out = new ArrayList<>();
        if (json == null || json.isNull()) return out;
        if (!json.isArray()) { error(null, "constraints", "constraints must be a list of strings", "write [\"fast.length < slow.length\"]"); return out; }
        for (int i = 0; i < json.size(); i++) {
            String field = "constraints[" + i + "]";
            JsonNode c = json.get(i);
            Matcher m = c.isString() ? CONSTRAINT.matcher(c.stringValue()) : null;
            if (m == null || !m.matches()) {
                error(null, field, "constraint " + shown(c) + " is not of the form node.param op node.param", "write e.g. \"fast.length < slow.length\" with <, <=, >, >= or !=");
                continue;
            }
            Constraint k = new Constraint(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
            if (numeric(field, k.leftNode(), k.leftParam(), nodes) & numeric(field, k.rightNode(), k.rightParam(), nodes)) out.add(k);
        }
        return out;
    }

    private boolean numeric(String field, String node, String param, Map<String, ComposedNode> nodes) {
        ComposedNode n = nodes.get(node);
        ParamSpec p = n == null ? null : n.type().param(param);
        if (p == null || (p.kind() != ParamSpec.Kind.INT && p.kind() != ParamSpec.Kind.NUMBER)) {
            error(node, field, "constraint names " + shown(node) + "." + shown(param) + ", which is not a numeric parameter of the spec", "name an existing node's numeric parameter");
            return false;
        }
        return true;
    }
}
