package io.nous.sim.routing;

/**
 * One entry of a config's {@code plugins}: its type, its name (the type when not given), where it is,
 * what it is to the scheduler, and its validated parameters (a record of the plugin's own).
 */
record PluginDef(String type, String name, String where, Kind kind, Object params) {

    /** What a plugin does in the scheduling layer. */
    enum Kind {
        PRODUCER, FILTER, SCORER, PICKER, PROFILE_HANDLER,
        /** The data layer's metrics source and extractor: the simulator scrapes every pod on its own schedule. */
        DATA_LAYER,
        /** A flow-control usage-limit policy, named by {@code flowControl.usageLimitPolicyPluginRef}. */
        USAGE_LIMIT,
        /** An admitter: the router asks every configured one before scheduling. */
        ADMITTER,
        /** Flow control's per-band ordering and fairness defaults (fcfs, global-strict), which the simulator runs anyway. */
        FLOW_CONTROL,
        /** A P/D decider: whether a request's prefill runs on a prefill pod ({@code disagg-profile-handler}'s {@code deciders.prefill}). */
        PD_DECIDER
    }
}
