/** Reading Nous's data files strictly, with errors that name the file and the key. */
package io.nous.sim.config;
