#!/usr/bin/env node
import { exitWhenWritten, start } from './start.js';

void start().then(exitWhenWritten);
