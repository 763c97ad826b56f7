import { mount } from 'svelte';
import App from './App.svelte';
import { connect } from './lib/api';
import './styles/app.css';

connect();
mount(App, { target: document.getElementById('app') as HTMLElement });
