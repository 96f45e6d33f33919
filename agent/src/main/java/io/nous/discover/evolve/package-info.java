/** The offline proposer: MAP-Elites over Java source with javaparser mutation operators. */
package io.nous.discover.evolve;
