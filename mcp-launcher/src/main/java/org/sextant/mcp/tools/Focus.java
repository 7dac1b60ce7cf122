package org.sextant.mcp.tools;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which tools tools/list shows (launcher memory only; one focus per launcher process). A new
 * session lists the starter set (Categories.STARTER): every listed tool costs each conversation
 * context, and clients cap the tools they offer a model across all servers. focus_category adds
 * a category, show_all_tools lists everything. Calls are never filtered: a tool that is not
 * listed still answers when called by name.
 */
public final class Focus {
    /** The focus of a new session without --all-tools. */
    public static final String STARTER = "starter";
    /** Every tool listed: show_all_tools, or --all-tools from the start. */
    public static final String ALL = "all";

    private final AtomicReference<String> focus;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** A new session's focus: the starter set, or every tool when the person asked for all of them. */
    public Focus(boolean allListed) {
        focus = new AtomicReference<>(allListed ? ALL : STARTER);
    }

    public Focus() {
        this(false);
    }

    /** starter, all, or the category focus_category chose. */
    public String current() {
        return focus.get();
    }

    /** The category focus_category chose, empty for the starter set and for all. */
    public Optional<String> category() {
        String f = focus.get();
        return f.equals(STARTER) || f.equals(ALL) ? Optional.empty() : Optional.of(f);
    }

    /** The server registers here to send tools/list_changed. */
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    /** Returns true when the focus changed (and listeners were told). */
    boolean set(String newFocus) {
        String old = focus.getAndSet(newFocus);
        boolean changed = !old.equals(newFocus);
        if (changed) listeners.forEach(Runnable::run);
        return changed;
    }

    public boolean listed(LauncherTool tool) {
        String f = focus.get();
        if (f.equals(ALL)) return true;
        if (f.equals(STARTER)) return Categories.STARTER.contains(tool.name());
        return tool.category().equals(Categories.CORE) || tool.category().equals(f);
    }
}
