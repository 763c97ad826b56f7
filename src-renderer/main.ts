import { mount } from 'svelte';
import { config } from 'zod';
import App from './App.svelte';
import { connect } from './lib/api';
import './styles/app.css';

// The page's CSP forbids eval: zod must not even probe for it (the probe is reported as a violation).
config({ jitless: true });
connect();
mount(App, { target: document.getElementById('app') as HTMLElement });
