#!/usr/bin/env node
// kg: the command line of kg-workbench, built on its HTTP API only (fetch, Node 20, no dependencies).
// `kg --help` lists the commands, options and exit codes (0 ok, 1 failure, 2 usage).
import { main } from './lib/main.mjs';

process.exitCode = await main(process.argv.slice(2));
